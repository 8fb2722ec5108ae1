package webcu.frontend;

/**
 * <algorithm>, written after libstdc++'s algorithms where the result depends on them
 * (introsort's order of equal elements, stable_sort, nth_element, the heap operations).
 */
final class AlgorithmHeaders {
    private AlgorithmHeaders() {}

    static final String ALGORITHM = """
        #pragma once
        #include <cstdlib>
        #include <utility>
        #include <initializer_list>
        #include <__webcu_uniform.h>
        #include <__webcu_iterator_base.h>
        namespace std {
        struct __less { template <class A, class B> bool operator()(const A &a, const B &b) const { return a < b; } };
        struct __equal { template <class A, class B> bool operator()(const A &a, const B &b) const { return a == b; } };
        template <class I, class J> void iter_swap(I a, J b) { auto t = *a; *a = *b; *b = t; }
        static inline long __lg(long n) { long k = 0; while (n > 1) { n >>= 1; ++k; } return k; }

        // ---- heaps, moving holes as libstdc++'s bits/stl_heap.h does (priority_queue's order depends on it)
        template <class I, class V, class C> void __push_heap(I first, long hole, long top, V value, C comp) {
            long parent = (hole - 1) / 2;
            while (hole > top && comp(*(first + parent), value)) { *(first + hole) = *(first + parent); hole = parent; parent = (hole - 1) / 2; }
            *(first + hole) = value;
        }
        template <class I, class V, class C> void __adjust_heap(I first, long hole, long len, V value, C comp) {
            long top = hole;
            long child = hole;
            while (child < (len - 1) / 2) {
                child = 2 * (child + 1);
                if (comp(*(first + child), *(first + (child - 1)))) child--;
                *(first + hole) = *(first + child);
                hole = child;
            }
            if ((len & 1) == 0 && child == (len - 2) / 2) {
                child = 2 * (child + 1);
                *(first + hole) = *(first + (child - 1));
                hole = child - 1;
            }
            __push_heap(first, hole, top, value, comp);
        }
        template <class I, class C> void __pop_heap(I first, I last, I result, C comp) {
            auto value = *result;
            *result = *first;
            __adjust_heap(first, 0L, (long)(last - first), value, comp);
        }
        template <class I, class C> void make_heap(I first, I last, C comp) {
            long len = last - first;
            if (len < 2) return;
            long parent = (len - 2) / 2;
            while (true) {
                auto value = *(first + parent);
                __adjust_heap(first, parent, len, value, comp);
                if (parent == 0) return;
                parent--;
            }
        }
        template <class I> void make_heap(I first, I last) { make_heap(first, last, __less()); }
        template <class I, class C> void push_heap(I first, I last, C comp) { auto value = *(last - 1); __push_heap(first, (long)(last - first) - 1, 0L, value, comp); }
        template <class I> void push_heap(I first, I last) { push_heap(first, last, __less()); }
        template <class I, class C> void pop_heap(I first, I last, C comp) { if (last - first > 1) { --last; __pop_heap(first, last, last, comp); } }
        template <class I> void pop_heap(I first, I last) { pop_heap(first, last, __less()); }
        template <class I, class C> void sort_heap(I first, I last, C comp) { while (last - first > 1) { --last; __pop_heap(first, last, last, comp); } }
        template <class I> void sort_heap(I first, I last) { sort_heap(first, last, __less()); }
        template <class I, class C> void __heap_select(I first, I middle, I last, C comp) {
            make_heap(first, middle, comp);
            for (I i = middle; i < last; ++i) if (comp(*i, *first)) __pop_heap(first, middle, i, comp);
        }
        template <class I, class C> bool is_heap(I first, I last, C comp) {
            long n = last - first;
            for (long c = 1; c < n; ++c) if (comp(*(first + (c - 1) / 2), *(first + c))) return false;
            return true;
        }
        template <class I> bool is_heap(I first, I last) { return is_heap(first, last, __less()); }

        // ---- sort: libstdc++'s introsort (median of three, insertion sort below 16, heapsort when too deep)
        template <class I, class C> void __unguarded_linear_insert(I last, C comp) {
            auto val = *last;
            I next = last;
            --next;
            while (comp(val, *next)) { *last = *next; last = next; --next; }
            *last = val;
        }
        template <class I, class C> void __insertion_sort(I first, I last, C comp) {
            if (first == last) return;
            for (I i = first + 1; i != last; ++i) {
                if (comp(*i, *first)) {
                    auto val = *i;
                    for (I k = i; k != first; --k) *k = *(k - 1);
                    *first = val;
                } else {
                    __unguarded_linear_insert(i, comp);
                }
            }
        }
        template <class I, class C> void __move_median_to_first(I result, I a, I b, I c, C comp) {
            if (comp(*a, *b)) {
                if (comp(*b, *c)) iter_swap(result, b);
                else if (comp(*a, *c)) iter_swap(result, c);
                else iter_swap(result, a);
            } else if (comp(*a, *c)) iter_swap(result, a);
            else if (comp(*b, *c)) iter_swap(result, c);
            else iter_swap(result, b);
        }
        template <class I, class C> I __unguarded_partition(I first, I last, I pivot, C comp) {
            while (true) {
                while (comp(*first, *pivot)) ++first;
                --last;
                while (comp(*pivot, *last)) --last;
                if (!(first < last)) return first;
                iter_swap(first, last);
                ++first;
            }
        }
        template <class I, class C> I __unguarded_partition_pivot(I first, I last, C comp) {
            I mid = first + (last - first) / 2;
            __move_median_to_first(first, first + 1, mid, last - 1, comp);
            return __unguarded_partition(first + 1, last, first, comp);
        }
        template <class I, class C> void __introsort_loop(I first, I last, long depth, C comp) {
            while (last - first > 16) {
                if (depth == 0) { __heap_select(first, last, last, comp); sort_heap(first, last, comp); return; }
                --depth;
                I cut = __unguarded_partition_pivot(first, last, comp);
                __introsort_loop(cut, last, depth, comp);
                last = cut;
            }
        }
        template <class I, class C> void sort(I first, I last, C comp) {
            if (first == last) return;
            __introsort_loop(first, last, __lg(last - first) * 2, comp);
            if (last - first > 16) {
                __insertion_sort(first, first + 16, comp);
                for (I i = first + 16; i != last; ++i) __unguarded_linear_insert(i, comp);
            } else {
                __insertion_sort(first, last, comp);
            }
        }
        template <class I> void sort(I first, I last) { sort(first, last, __less()); }
        template <class I, class C> void partial_sort(I first, I middle, I last, C comp) { __heap_select(first, middle, last, comp); sort_heap(first, middle, comp); }
        template <class I> void partial_sort(I first, I middle, I last) { partial_sort(first, middle, last, __less()); }
        template <class I, class C> void nth_element(I first, I nth, I last, C comp) {
            if (first == last || nth == last) return;
            long depth = __lg(last - first) * 2;
            while (last - first > 3) {
                if (depth == 0) { __heap_select(first, nth + 1, last, comp); iter_swap(first, nth); return; }
                --depth;
                I cut = __unguarded_partition_pivot(first, last, comp);
                if (cut <= nth) first = cut; else last = cut;
            }
            __insertion_sort(first, last, comp);
        }
        template <class I> void nth_element(I first, I nth, I last) { nth_element(first, nth, last, __less()); }
        template <class T> T *__alloc_like(const T &, long n) { return (T *)calloc(n, sizeof(T)); }
        // a stable order is unique, so any stable merge sort gives libstdc++'s result
        template <class I, class C> void stable_sort(I first, I last, C comp) {
            long n = last - first;
            if (n < 2) return;
            auto buf = __alloc_like(*first, n);
            for (long w = 1; w < n; w *= 2) {
                for (long lo = 0; lo < n - w; lo += 2 * w) {
                    long mid = lo + w, hi = lo + 2 * w < n ? lo + 2 * w : n;
                    long i = lo, j = mid, k = 0;
                    while (i < mid && j < hi) { if (comp(*(first + j), *(first + i))) buf[k++] = *(first + j++); else buf[k++] = *(first + i++); }
                    while (i < mid) buf[k++] = *(first + i++);
                    while (j < hi) buf[k++] = *(first + j++);
                    for (long t = 0; t < k; ++t) *(first + (lo + t)) = buf[t];
                }
            }
            free((void *)buf);
        }
        template <class I> void stable_sort(I first, I last) { stable_sort(first, last, __less()); }
        template <class I, class C> bool is_sorted(I first, I last, C comp) { if (first == last) return true; I n = first; for (++n; n != last; ++first, ++n) if (comp(*n, *first)) return false; return true; }
        template <class I> bool is_sorted(I first, I last) { return is_sorted(first, last, __less()); }

        // ---- min and max
        template <class T> T min(initializer_list<T> il) { const T *b = il.begin(); T r = *b; for (const T *p = b + 1; p != il.end(); ++p) if (*p < r) r = *p; return r; }
        template <class T> T max(initializer_list<T> il) { const T *b = il.begin(); T r = *b; for (const T *p = b + 1; p != il.end(); ++p) if (r < *p) r = *p; return r; }
        template <class T> pair<T, T> minmax(const T &a, const T &b) { return b < a ? pair<T, T>(b, a) : pair<T, T>(a, b); }
        template <class T> const T &clamp(const T &v, const T &lo, const T &hi) { return v < lo ? lo : hi < v ? hi : v; }
        template <class I, class C> I min_element(I first, I last, C comp) { if (first == last) return first; I best = first; while (++first != last) if (comp(*first, *best)) best = first; return best; }
        template <class I> I min_element(I first, I last) { return min_element(first, last, __less()); }
        template <class I, class C> I max_element(I first, I last, C comp) { if (first == last) return first; I best = first; while (++first != last) if (comp(*best, *first)) best = first; return best; }
        template <class I> I max_element(I first, I last) { return max_element(first, last, __less()); }
        // the first smallest and the last largest element, as the standard specifies (max_element finds the first largest)
        template <class I, class C> pair<I, I> minmax_element(I first, I last, C comp) {
            I lo = first, hi = first;
            if (first == last) return pair<I, I>(lo, hi);
            while (++first != last) { if (comp(*first, *lo)) lo = first; if (!comp(*first, *hi)) hi = first; }
            return pair<I, I>(lo, hi);
        }
        template <class I> pair<I, I> minmax_element(I first, I last) { return minmax_element(first, last, __less()); }
        template <class T, class C> pair<T, T> minmax(const T &a, const T &b, C comp) { return comp(b, a) ? pair<T, T>(b, a) : pair<T, T>(a, b); }

        // ---- non-modifying
        template <class I, class V> I find(I first, I last, const V &value) { while (first != last && !(*first == value)) ++first; return first; }
        template <class I, class P> I find_if(I first, I last, P pred) { while (first != last && !pred(*first)) ++first; return first; }
        template <class I, class P> I find_if_not(I first, I last, P pred) { while (first != last && pred(*first)) ++first; return first; }
        template <class I, class V> long count(I first, I last, const V &value) { long n = 0; for (; first != last; ++first) if (*first == value) ++n; return n; }
        template <class I, class P> long count_if(I first, I last, P pred) { long n = 0; for (; first != last; ++first) if (pred(*first)) ++n; return n; }
        template <class I, class P> bool all_of(I first, I last, P pred) { return find_if_not(first, last, pred) == last; }
        template <class I, class P> bool any_of(I first, I last, P pred) { return find_if(first, last, pred) != last; }
        template <class I, class P> bool none_of(I first, I last, P pred) { return find_if(first, last, pred) == last; }
        template <class I, class F> F for_each(I first, I last, F f) { for (; first != last; ++first) f(*first); return f; }
        template <class I, class J> bool equal(I first, I last, J other) { for (; first != last; ++first, ++other) if (!(*first == *other)) return false; return true; }
        template <class I, class J, class P> bool equal(I first, I last, J other, P pred) { for (; first != last; ++first, ++other) if (!pred(*first, *other)) return false; return true; }
        template <class I, class J> pair<I, J> mismatch(I first, I last, J other) { while (first != last && *first == *other) { ++first; ++other; } return pair<I, J>(first, other); }
        template <class I> I adjacent_find(I first, I last) { if (first == last) return last; I n = first; while (++n != last) { if (*first == *n) return first; first = n; } return last; }
        template <class I, class J> bool lexicographical_compare(I f1, I l1, J f2, J l2) {
            for (; f1 != l1 && f2 != l2; ++f1, ++f2) { if (*f1 < *f2) return true; if (*f2 < *f1) return false; }
            return f1 == l1 && f2 != l2;
        }

        // ---- binary search (libstdc++'s halving, so equal keys give its positions)
        template <class I, class V, class C> I lower_bound(I first, I last, const V &value, C comp) {
            long len = last - first;
            while (len > 0) { long half = len >> 1; I mid = first + half; if (comp(*mid, value)) { first = mid + 1; len = len - half - 1; } else len = half; }
            return first;
        }
        template <class I, class V> I lower_bound(I first, I last, const V &value) { return lower_bound(first, last, value, __less()); }
        template <class I, class V, class C> I upper_bound(I first, I last, const V &value, C comp) {
            long len = last - first;
            while (len > 0) { long half = len >> 1; I mid = first + half; if (comp(value, *mid)) len = half; else { first = mid + 1; len = len - half - 1; } }
            return first;
        }
        template <class I, class V> I upper_bound(I first, I last, const V &value) { return upper_bound(first, last, value, __less()); }
        template <class I, class V> pair<I, I> equal_range(I first, I last, const V &value) { return pair<I, I>(lower_bound(first, last, value), upper_bound(first, last, value)); }
        template <class I, class V> bool binary_search(I first, I last, const V &value) { I i = lower_bound(first, last, value); return i != last && !(value < *i); }
        template <class I, class V, class C> bool binary_search(I first, I last, const V &value, C comp) { I i = lower_bound(first, last, value, comp); return i != last && !comp(value, *i); }

        // ---- modifying
        template <class I, class O> O copy(I first, I last, O out) { for (; first != last; ++first, ++out) *out = *first; return out; }
        template <class I, class O> O move(I first, I last, O out) { return copy(first, last, out); }
        template <class I, class O> O copy_n(I first, long n, O out) { for (long i = 0; i < n; ++i, ++first, ++out) *out = *first; return out; }
        template <class I, class O, class P> O copy_if(I first, I last, O out, P pred) { for (; first != last; ++first) if (pred(*first)) { *out = *first; ++out; } return out; }
        template <class I, class O> O copy_backward(I first, I last, O out) { while (first != last) *--out = *--last; return out; }
        template <class I, class O, class F> O transform(I first, I last, O out, F f) { for (; first != last; ++first, ++out) *out = f(*first); return out; }
        template <class I, class J, class O, class F> O transform(I first, I last, J other, O out, F f) { for (; first != last; ++first, ++other, ++out) *out = f(*first, *other); return out; }
        template <class I, class V> void fill(I first, I last, const V &value) { for (; first != last; ++first) *first = value; }
        template <class I, class V> I fill_n(I first, long n, const V &value) { for (long i = 0; i < n; ++i, ++first) *first = value; return first; }
        template <class I, class G> void generate(I first, I last, G g) { for (; first != last; ++first) *first = g(); }
        template <class I, class G> I generate_n(I first, long n, G g) { for (long i = 0; i < n; ++i, ++first) *first = g(); return first; }
        template <class I, class V> void replace(I first, I last, const V &old, const V &nv) { for (; first != last; ++first) if (*first == old) *first = nv; }
        template <class I, class P, class V> void replace_if(I first, I last, P pred, const V &nv) { for (; first != last; ++first) if (pred(*first)) *first = nv; }
        template <class I, class J> J swap_ranges(I first, I last, J other) { for (; first != last; ++first, ++other) iter_swap(first, other); return other; }
        template <class I> void reverse(I first, I last) { while (first != last && first != --last) { iter_swap(first, last); ++first; } }
        template <class I, class O> O reverse_copy(I first, I last, O out) { while (first != last) { --last; *out = *last; ++out; } return out; }
        template <class I> I rotate(I first, I middle, I last) {
            if (first == middle) return last;
            if (middle == last) return first;
            I ret = first + (last - middle);
            reverse(first, middle); reverse(middle, last); reverse(first, last);
            return ret;
        }
        template <class I, class P> I remove_if(I first, I last, P pred) {
            first = find_if(first, last, pred);
            if (first == last) return first;
            I result = first;
            for (++first; first != last; ++first) if (!pred(*first)) { *result = *first; ++result; }
            return result;
        }
        template <class I, class V> I remove(I first, I last, const V &value) {
            first = find(first, last, value);
            if (first == last) return first;
            I result = first;
            for (++first; first != last; ++first) if (!(*first == value)) { *result = *first; ++result; }
            return result;
        }
        template <class I, class P> I unique(I first, I last, P pred) {
            if (first == last) return last;
            I result = first;
            while (++first != last) if (!pred(*result, *first)) { ++result; *result = *first; }
            return ++result;
        }
        template <class I> I unique(I first, I last) { return unique(first, last, __equal()); }
        template <class I, class J, class O> O merge(I f1, I l1, J f2, J l2, O out) {
            while (f1 != l1 && f2 != l2) { if (*f2 < *f1) { *out = *f2; ++f2; } else { *out = *f1; ++f1; } ++out; }
            return copy(f2, l2, copy(f1, l1, out));
        }
        template <class I, class C> bool next_permutation(I first, I last, C comp) {
            if (first == last) return false;
            I i = first; ++i;
            if (i == last) return false;
            i = last; --i;
            for (;;) {
                I ii = i; --i;
                if (comp(*i, *ii)) {
                    I j = last;
                    while (!comp(*i, *--j)) {}
                    iter_swap(i, j);
                    reverse(ii, last);
                    return true;
                }
                if (i == first) { reverse(first, last); return false; }
            }
        }
        template <class I> bool next_permutation(I first, I last) { return next_permutation(first, last, __less()); }
        template <class I, class C> bool prev_permutation(I first, I last, C comp) {
            if (first == last) return false;
            I i = first; ++i;
            if (i == last) return false;
            i = last; --i;
            for (;;) {
                I ii = i; --i;
                if (comp(*ii, *i)) {
                    I j = last;
                    while (!comp(*--j, *i)) {}
                    iter_swap(i, j);
                    reverse(ii, last);
                    return true;
                }
                if (i == first) { reverse(first, last); return false; }
            }
        }
        template <class I> bool prev_permutation(I first, I last) { return prev_permutation(first, last, __less()); }

        // ---- shuffles: libstdc++'s, two positions per engine call while the engine's range allows
        template <class I, class G> void shuffle(I first, I last, G &g) {
            if (first == last) return;
            unsigned long urngrange = g.max() - g.min();
            unsigned long urange = (unsigned long)(last - first);
            if (urngrange / urange >= urange) {
                I i = first + 1;
                if ((urange % 2) == 0) { iter_swap(i, first + (long)__uniform_int(g, 1UL)); ++i; }
                while (i != last) {
                    unsigned long range = (unsigned long)(i - first) + 1;
                    unsigned long x = __uniform_int(g, range * (range + 1) - 1);
                    iter_swap(i, first + (long)(x / (range + 1)));
                    ++i;
                    iter_swap(i, first + (long)(x % (range + 1)));
                    ++i;
                }
                return;
            }
            for (I i = first + 1; i != last; ++i) iter_swap(i, first + (long)__uniform_int(g, (unsigned long)(i - first)));
        }
        template <class I> void random_shuffle(I first, I last) {
            if (first == last) return;
            for (I i = first + 1; i != last; ++i) { I j = first + rand() % ((i - first) + 1); if (i != j) iter_swap(i, j); }
        }
        }
        #include <__webcu_set_algorithms.h>
        """;
}
