/* C helpers (util.c, compiled as C) called from the CUDA file; C linkage on both sides. */
#ifndef UTIL_H
#define UTIL_H

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    int count;
    int capacity;
    int *items;
} IntList;

IntList *list_new(int capacity);
void list_push(IntList *l, int v);
void list_free(IntList *l);
int *make_sequence(int n, int seed);
long checksum(const int *v, int n);
void print_row(const char *label, const int *v, int n);

#ifdef __cplusplus
}
#endif

#endif
