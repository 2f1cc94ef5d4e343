#include <adwaita.h>
