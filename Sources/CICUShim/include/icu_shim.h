// ICU collation for RosterCollation, over plain C types so that Swift never imports ICU's
// headers (Foundation's own ICU declares the same types in another module). Debian's ICU is
// loaded with dlopen on the first call, so that only a command that sorts loads it.
#include <stdint.h>

/// An opened ICU collator.
typedef struct RosterCollator RosterCollator;

/// Loads ICU if it is not yet loaded; NULL when it is there, else why it cannot be loaded.
const char *roster_icu_load_error(void);

/// Opens the collator of `locale` (an ICU id such as "de_DE"; "" for the root), with
/// normalization on and ICU's default tertiary strength. Returns NULL when ICU fails or cannot
/// be loaded.
RosterCollator *roster_collator_open(const char *locale);

void roster_collator_close(RosterCollator *collator);

/// Writes the sort key of `length` UTF-16 units into `key` (at most `capacity` bytes, with a
/// terminating zero) and returns its full length, which may exceed `capacity`.
int32_t roster_collator_sort_key(
    const RosterCollator *collator, const uint16_t *text, int32_t length, uint8_t *key,
    int32_t capacity);

/// Whether ICU knows the language of `locale` (it has an ISO 639 code for it).
int roster_locale_language_known(const char *locale);

/// Writes ICU's version ("72.1") into `text`, which has room for 32 characters; "" when ICU
/// cannot be loaded.
void roster_icu_version(char *text);
