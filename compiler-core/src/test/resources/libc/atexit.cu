// atexit handlers run after main returns, last registered first; the exit status stays main's,
// and a stream left open is flushed to its file.
#include <cstdio>
#include <cstdlib>

static FILE *journal;

static void close_journal(void) {
    printf("closing the journal\n");
    fprintf(journal, "closed\n");
}

static void summary(void) { printf("summary printed before the journal closes\n"); }

int main() {
    journal = fopen("journal.txt", "w");
    atexit(close_journal);
    atexit(summary);
    fprintf(journal, "run started\n");
    printf("main returns 3\n");
    return 3;
}
