/* Plain C, as a project's util.c would be: malloc without a cast, C99 declarations. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util.h"

IntList *list_new(int capacity)
{
    IntList *l = malloc(sizeof(IntList));
    l->count = 0;
    l->capacity = capacity;
    l->items = malloc(capacity * sizeof(int));
    return l;
}

void list_push(IntList *l, int v)
{
    if (l->count == l->capacity) {
        l->capacity *= 2;
        l->items = realloc(l->items, l->capacity * sizeof(int));
    }
    l->items[l->count++] = v;
}

void list_free(IntList *l)
{
    free(l->items);
    free(l);
}

int *make_sequence(int n, int seed)
{
    int *v = malloc(n * sizeof *v);
    unsigned int s = (unsigned int)seed;
    for (int i = 0; i < n; i++) {
        s = s * 1103515245u + 12345u;
        v[i] = (int)((s >> 16) % 1000);
    }
    return v;
}

long checksum(const int *v, int n)
{
    long sum = 0;
    for (int i = 0; i < n; i++) {
        sum = sum * 31 + v[i];
        sum %= 1000000007L;
    }
    return sum;
}

void print_row(const char *label, const int *v, int n)
{
    char line[256];
    int pos = snprintf(line, sizeof line, "%-8s", label);
    for (int i = 0; i < n && pos < 200; i++) {
        pos += snprintf(line + pos, sizeof line - pos, " %4d", v[i]);
    }
    puts(line);
}
