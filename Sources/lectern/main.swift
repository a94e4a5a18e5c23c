import LecternApp
