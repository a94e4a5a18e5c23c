// glibc's gettext (libintl.h); part of the C library, nothing to link.
#include <libintl.h>
#include <locale.h>
