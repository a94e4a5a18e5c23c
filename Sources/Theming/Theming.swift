// Theming: theme model, files, validation, CSS text (issue 5). GTK-free.
