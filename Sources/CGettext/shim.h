// gettext and setlocale, from glibc (libintl is part of it: nothing to link).
#include <libintl.h>
#include <locale.h>
