// Reads a data file given with the program, writes a report and a binary file, reads both back.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cerrno>
#include <sys/stat.h>
#include <unistd.h>

struct Record {
    int id;
    float value;
    double weight;
};

int main() {
    FILE *in = fopen("data.txt", "r");
    if (!in) {
        perror("data.txt");
        return 1;
    }
    int n = 0;
    if (fscanf(in, "%d", &n) != 1) {
        fprintf(stderr, "bad header\n");
        return 1;
    }
    Record *recs = (Record *)malloc(n * sizeof(Record));
    char name[32];
    for (int i = 0; i < n; i++) {
        int got = fscanf(in, "%d %31s %f %lf", &recs[i].id, name, &recs[i].value, &recs[i].weight);
        printf("record %d: got=%d id=%d name=%s value=%.3f weight=%g\n", i, got, recs[i].id, name, recs[i].value, recs[i].weight);
    }
    int extra = fscanf(in, "%d", &n);
    printf("after the records: fscanf=%d feof=%d\n", extra, feof(in) != 0);
    fclose(in);

    FILE *out = fopen("report.txt", "w");
    double total = 0;
    for (int i = 0; i < 3; i++) {
        total += recs[i].value * recs[i].weight;
        fprintf(out, "%-4d %8.2f\n", recs[i].id, recs[i].value * recs[i].weight);
    }
    fprintf(out, "total %.4f\n", total);
    fputs("end\n", out);
    fputc('!', out);
    printf("ftell before close: %ld\n", ftell(out));
    fclose(out);

    struct stat st;
    if (stat("report.txt", &st) == 0) {
        printf("report.txt: %ld bytes, regular=%d\n", (long)st.st_size, S_ISREG(st.st_mode));
    }
    FILE *back = fopen("report.txt", "r");
    char line[64];
    int lines = 0;
    while (fgets(line, sizeof line, back)) {
        lines++;
        printf("line %d: %s", lines, line);
    }
    printf("\nlines=%d feof=%d ferror=%d\n", lines, feof(back) != 0, ferror(back) != 0);
    rewind(back);
    int c = fgetc(back);
    ungetc('X', back);
    int again = fgetc(back);
    long tell = ftell(back);
    printf("first=%c again=%c tell=%ld\n", c, again, tell);
    fseek(back, -6, SEEK_END);
    char tail[8];
    size_t got = fread(tail, 1, sizeof tail, back);
    tail[got] = 0;
    printf("tail (%zu bytes): [%s]\n", got, tail);
    fclose(back);

    FILE *bin = fopen("records.bin", "wb");
    size_t w = fwrite(recs, sizeof(Record), 3, bin);
    fclose(bin);
    Record copy[3];
    memset(copy, 0, sizeof copy);
    bin = fopen("records.bin", "rb");
    fseek(bin, 0, SEEK_END);
    long size = ftell(bin);
    fseek(bin, 0, SEEK_SET);
    size_t r = fread(copy, sizeof(Record), 4, bin);
    printf("wrote %zu read %zu size %ld same=%d eof=%d\n", w, r, size, memcmp(copy, recs, sizeof copy) == 0, feof(bin) != 0);
    fclose(bin);

    FILE *app = fopen("report.txt", "a");
    fprintf(app, "\nappended\n");
    fclose(app);
    stat("report.txt", &st);
    printf("after append: %ld bytes\n", (long)st.st_size);

    errno = 0;
    FILE *missing = fopen("no/such/file.txt", "r");
    printf("missing=%s errno=%d (%s)\n", missing ? "open" : "NULL", errno, strerror(errno));
    perror("fopen no/such/file.txt");
    printf("access data.txt=%d access nothing=%d\n", access("data.txt", R_OK), access("nothing", F_OK));
    int removed = remove("records.bin");
    int again2 = remove("records.bin");
    printf("remove=%d remove again=%d errno=%d\n", removed, again2, errno);
    free(recs);
    return 0;
}
