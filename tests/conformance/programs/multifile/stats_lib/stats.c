#include <stdlib.h>
#include <string.h>
#include "stats.h"

double mean_of(const int *v, int n)
{
    long long s = 0;
    for (int i = 0; i < n; i++) s += v[i];
    return (double)s / n;
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

int median_of(int *v, int n)
{
    qsort(v, n, sizeof(int), cmp_int);
    return v[n / 2];
}

int mode_of(const int *v, int n, int max_value)
{
    int *counts = calloc(max_value + 1, sizeof(int));
    int best = 0;
    for (int i = 0; i < n; i++) {
        if (++counts[v[i]] > counts[best] || (counts[v[i]] == counts[best] && v[i] < best)) best = v[i];
    }
    free(counts);
    return best;
}
