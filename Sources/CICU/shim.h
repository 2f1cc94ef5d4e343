// Debian's ICU, for linking: pkg-config's flags and the libraries. Swift does not import ICU's
// own headers: Foundation carries a copy of ICU whose C types (UErrorCode…) are declared in its
// own module, and importing a second definition of them does not compile. CICUShim includes
// them in C instead and offers Swift a few functions over plain C types.
#include <stdint.h>
