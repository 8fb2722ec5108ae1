#include <cstdio>
#include <cstring>
#include <unistd.h>
#include <getopt.h>

static int verbose_flag;
static struct option longopts[] = {
    {"verbose", no_argument, &verbose_flag, 1},
    {"brief", no_argument, &verbose_flag, 0},
    {"add", no_argument, 0, 'a'},
    {"append", no_argument, 0, 'b'},
    {"delete", required_argument, 0, 'd'},
    {"create", required_argument, 0, 'c'},
    {"file", optional_argument, 0, 'f'},
    {"size", required_argument, 0, 's'},
    {0, 0, 0, 0}};

static void run(int mode, const char *optstring, int argc, const char **in) {
    char *argv[16];
    for (int i = 0; i < argc; i++) argv[i] = (char *)in[i];
    argv[argc] = 0;
    optind = 0;
    printf("case %s:", optstring);
    for (int i = 1; i < argc; i++) printf(" [%s]", argv[i]);
    printf("\n");
    int c, idx = -1;
    while (1) {
        idx = -1;
        if (mode == 0) c = getopt(argc, argv, optstring);
        else if (mode == 1) c = getopt_long(argc, argv, optstring, longopts, &idx);
        else c = getopt_long_only(argc, argv, optstring, longopts, &idx);
        if (c == -1) break;
        printf("  c=%d('%c') optind=%d optarg=%s optopt=%d idx=%d flag=%d\n", c, c > 31 ? c : '.', optind,
               optarg ? optarg : "(null)", optopt, idx, verbose_flag);
    }
    printf("  end optind=%d rest:", optind);
    for (int i = optind; i < argc; i++) printf(" %s", argv[i]);
    printf("\n  argv:");
    for (int i = 0; i < argc; i++) printf(" %s", argv[i]);
    printf("\n");
}

int main() {
    { const char *a[] = {"prog", "-a", "-b", "-c", "foo", "file1"}; run(0, "abc:", 6, a); }
    { const char *a[] = {"prog", "file1", "-a", "file2", "-cfoo", "file3", "-b"}; run(0, "abc:", 7, a); }
    { const char *a[] = {"prog", "-ab", "-c"}; run(0, "abc:", 3, a); }
    { const char *a[] = {"prog", "-x", "-a", "--", "-b", "z"}; run(0, "abc:", 6, a); }
    { const char *a[] = {"prog", "-c"}; run(0, ":abc:", 2, a); }
    { const char *a[] = {"prog", "x", "-a", "y"}; run(0, "+abc:", 4, a); }
    { const char *a[] = {"prog", "x", "-a", "y"}; run(0, "-abc:", 4, a); }
    { const char *a[] = {"prog", "-dfoo", "-d", "-e"}; run(0, "d::e", 4, a); }
    { const char *a[] = {"prog", "-n", "5", "-", "-v"}; run(0, "n:v", 5, a); }
    { const char *a[] = {"prog", "--verbose", "--add", "--delete=x", "--create", "y", "arg", "--file", "--file=z"}; run(1, "abc:d:f::", 9, a); }
    { const char *a[] = {"prog", "--foo", "--del", "q", "--ap", "--a"}; run(1, "abc:d:", 6, a); }
    { const char *a[] = {"prog", "--add=1", "--size"}; run(1, "ab", 4 - 1, a); }
    { const char *a[] = {"prog", "-size", "10", "-a", "-verbose", "-x"}; run(2, "ab", 6, a); }
    { const char *a[] = {"prog", "-s", "3", "in.txt", "--brief", "out"}; run(1, "s:", 6, a); }
    { const char *a[] = {"prog", "--size"}; run(1, ":s:", 2, a); }
    { const char *a[] = {"prog", "-W", "size=4", "-Wadd"}; run(1, "W;", 4, a); }
    return 0;
}
