package webcu.frontend;

/**
 * The parts of the C++ standard library that CUDA host code commonly uses, written in the C++
 * webcu compiles. Containers keep an all-zero object as their valid empty state, so that
 * calloc'd arrays of them and bitwise moves are sound; a container frees its own storage when
 * it is destroyed, but the elements' destructors do not run (an element's own storage goes at
 * exit). Results that programs print follow libstdc++ exactly: growth of capacity, sort order,
 * heap order.
 */
final class StdHeaders {
    private StdHeaders() {}

    static final String UTILITY = """
        #pragma once
        #include <cstddef>
        #include <bits/move.h>
        namespace std {
        template <class A, class B> struct pair {
            typedef A first_type;
            typedef B second_type;
            A first;
            B second;
            pair() : first(), second() {}
            pair(const A &a, const B &b) : first(a), second(b) {}
            void swap(pair &o) { pair t = *this; *this = o; o = t; }
            bool operator==(const pair &o) const { return first == o.first && second == o.second; }
            bool operator!=(const pair &o) const { return !(*this == o); }
            bool operator<(const pair &o) const { return first < o.first || (!(o.first < first) && second < o.second); }
            bool operator>(const pair &o) const { return o < *this; }
            bool operator<=(const pair &o) const { return !(o < *this); }
            bool operator>=(const pair &o) const { return !(*this < o); }
        };
        template <class A, class B> pair<A, B> make_pair(A a, B b) { return pair<A, B>(a, b); }
        template <class T> void swap(T &a, T &b) { T t = a; a = b; b = t; }
        template <class T, class U> T exchange(T &obj, const U &v) { T old = obj; obj = v; return old; }
        template <class T> const T &min(const T &a, const T &b) { return b < a ? b : a; }
        template <class T> const T &max(const T &a, const T &b) { return a < b ? b : a; }
        template <class T, class C> const T &min(const T &a, const T &b, C comp) { return comp(b, a) ? b : a; }
        template <class T, class C> const T &max(const T &a, const T &b, C comp) { return comp(a, b) ? b : a; }
        // compile-time integer sequences; the make_ aliases are built by the compiler (as clang's
        // __make_integer_seq), not by recursive instantiation. index_sequence is a template of its own.
        // (Reserved names throughout: a program's #define N 250 must not reach them.)
        template <class _Tp, _Tp... _Ip> struct integer_sequence {
            typedef _Tp value_type;
            static constexpr size_t size() noexcept { return sizeof...(_Ip); }
        };
        template <size_t... _Ip> struct index_sequence {
            typedef size_t value_type;
            static constexpr size_t size() noexcept { return sizeof...(_Ip); }
        };
        template <class _Tp, _Tp _Np> struct __make_integer_seq;
        template <size_t _Np> struct __make_index_seq;
        template <class _Tp, _Tp _Np> using make_integer_sequence = __make_integer_seq<_Tp, _Np>;
        template <size_t _Np> using make_index_sequence = __make_index_seq<_Np>;
        template <class... _Tp> using index_sequence_for = __make_index_seq<sizeof...(_Tp)>;
        }
        """;

    static final String VECTOR = """
        #pragma once
        #include <cstdlib>
        #include <cstring>
        #include <cstdio>
        #include <utility>
        #include <initializer_list>
        #include <__webcu_functexcept.h>
        #include <__webcu_iterator_base.h>
        #include <__webcu_functional_base.h>
        namespace std {
        // Elements live in calloc'd memory and move by memcpy: the library's containers and
        // strings keep an all-zero object as their valid empty state. Growth follows libstdc++
        // (double, at least what is asked), so capacity() prints the same.
        template <class T> class vector {
        public:
            typedef T value_type;
            typedef T *iterator;
            typedef const T *const_iterator;
            typedef std::reverse_iterator<T *> reverse_iterator;
            typedef std::reverse_iterator<const T *> const_reverse_iterator;
            typedef T &reference;
            typedef const T &const_reference;
            typedef T *pointer;
            typedef size_t size_type;
            typedef long difference_type;
            T *data_;
            size_t size_;
            size_t cap_;
            vector() : data_(0), size_(0), cap_(0) {}
            explicit vector(size_t n) : data_(0), size_(0), cap_(0) { __grow_exact(n); resize(n); }
            vector(size_t n, const T &value) : data_(0), size_(0), cap_(0) { __grow_exact(n); resize(n, value); }
            vector(const T *first, const T *last) : data_(0), size_(0), cap_(0) { assign(first, last); }
            // any other iterator pair (a set's, a list's), sized first as libstdc++ does for forward
            // iterators; an integer pair (n, value) is the constructor above
            template <class I, class = typename __enable_if_iter<I>::type> vector(I first, I last) : data_(0), size_(0), cap_(0) {
                size_t n = (size_t)distance(first, last);
                if (n) __grow_exact(n);
                for (; first != last; ++first) push_back(*first);
            }
            vector(initializer_list<T> il) : data_(0), size_(0), cap_(0) { assign(il.begin(), il.end()); }
            vector(const vector &o) : data_(0), size_(0), cap_(0) { assign(o.data_, o.data_ + o.size_); }
            ~vector() { for (size_t i = 0; i < size_; ++i) data_[i].~T(); free((void *)data_); }
            vector &operator=(const vector &o) { if (this != &o) assign(o.data_, o.data_ + o.size_); return *this; }
            vector &operator=(initializer_list<T> il) { assign(il.begin(), il.end()); return *this; }
            size_t size() const { return size_; }
            size_t capacity() const { return cap_; }
            size_t max_size() const { return 9223372036854775807UL / sizeof(T); }
            bool empty() const { return size_ == 0; }
            T *data() const { return data_; }
            T *begin() const { return data_; }
            T *end() const { return data_ + size_; }
            const T *cbegin() const { return data_; }
            const T *cend() const { return data_ + size_; }
            std::reverse_iterator<T *> rbegin() const { return std::reverse_iterator<T *>(end()); }
            std::reverse_iterator<T *> rend() const { return std::reverse_iterator<T *>(begin()); }
            std::reverse_iterator<const T *> crbegin() const { return std::reverse_iterator<const T *>(end()); }
            std::reverse_iterator<const T *> crend() const { return std::reverse_iterator<const T *>(begin()); }
            T &operator[](size_t i) const { return data_[i]; }
            T &at(size_t i) const {
                if (i >= size_) {
                    char m[160];
                    snprintf(m, 160, "vector::_M_range_check: __n (which is %zu) >= this->size() (which is %zu)", i, size_);
                    __throw_out_of_range(m);
                }
                return data_[i];
            }
            T &front() const { return data_[0]; }
            T &back() const { return data_[size_ - 1]; }
            void __grow_exact(size_t c) {
                if (c <= cap_) return;
                T *d = (T *)calloc(c ? c : 1, sizeof(T));
                if (size_) memcpy((void *)d, (void *)data_, size_ * sizeof(T));
                free((void *)data_);
                data_ = d;
                cap_ = c;
            }
            // libstdc++'s _M_check_len: the size plus the larger of the size and what is added
            void __grow_for(size_t extra) {
                if (size_ + extra <= cap_) return;
                size_t c = size_ + (size_ > extra ? size_ : extra);
                __grow_exact(c);
            }
            void reserve(size_t n) {
                if (n > max_size()) __throw_length_error("vector::reserve");
                __grow_exact(n);
            }
            void shrink_to_fit() {
                if (cap_ == size_) return;
                T *d = size_ ? (T *)calloc(size_, sizeof(T)) : (T *)0;
                if (size_) memcpy((void *)d, (void *)data_, size_ * sizeof(T));
                free((void *)data_);
                data_ = d;
                cap_ = size_;
            }
            void resize(size_t n) {
                if (n > size_) { __grow_for(n - size_); for (size_t i = size_; i < n; ++i) data_[i] = T(); }
                else for (size_t i = n; i < size_; ++i) __clear_slot(i);
                size_ = n;
            }
            void resize(size_t n, const T &value) {
                if (n > size_) { T v = value; __grow_for(n - size_); for (size_t i = size_; i < n; ++i) data_[i] = v; }
                else for (size_t i = n; i < size_; ++i) __clear_slot(i);
                size_ = n;
            }
            // an element leaves: its destructor runs, and the slot is zero again for the next assignment
            void __clear_slot(size_t i) { data_[i].~T(); memset((void *)(data_ + i), 0, sizeof(T)); }
            void push_back(const T &v) {
                if (size_ == cap_) { T copy = v; __grow_for(1); __construct_node_value(data_ + size_, copy); } else __construct_node_value(data_ + size_, v);
                ++size_;
            }
            // a temporary or std::move(x) is moved into the new slot (g++ prints "move", not "copy")
            void push_back(T &&v) {
                if (size_ == cap_) { T tmp(std::move(v)); __grow_for(1); new ((void *)(data_ + size_)) T(std::move(tmp)); }
                else new ((void *)(data_ + size_)) T(std::move(v));
                ++size_;
            }
            void emplace_back() { push_back(T()); }
            template <class A> void emplace_back(const A &a) { push_back(T(a)); }
            template <class A, class B> void emplace_back(const A &a, const B &b) { push_back(T(a, b)); }
            template <class A, class B, class C> void emplace_back(const A &a, const B &b, const C &c) { push_back(T(a, b, c)); }
            template <class A, class B, class C, class D> void emplace_back(const A &a, const B &b, const C &c, const D &d) { push_back(T(a, b, c, d)); }
            void pop_back() { --size_; __clear_slot(size_); }
            void clear() { for (size_t i = 0; i < size_; ++i) __clear_slot(i); size_ = 0; }
            void assign(size_t n, const T &value) { T v = value; clear(); if (n > cap_) __grow_exact(n); resize(n, v); }
            void assign(const T *first, const T *last) {
                size_t n = last - first;
                if (first >= data_ && first < data_ + cap_ && data_) { vector tmp(first, last); swap(tmp); return; }
                clear();
                if (n > cap_) __grow_exact(n);
                for (size_t i = 0; i < n; ++i) data_[i] = first[i];
                size_ = n;
            }
            void assign(initializer_list<T> il) { assign(il.begin(), il.end()); }
            void swap(vector &o) {
                T *d = data_; data_ = o.data_; o.data_ = d;
                size_t s = size_; size_ = o.size_; o.size_ = s;
                size_t c = cap_; cap_ = o.cap_; o.cap_ = c;
            }
            // opens a gap of n slots at k (zeroed, so assignment into them is sound)
            void __open(size_t k, size_t n) {
                __grow_for(n);
                if (size_ > k) memmove((void *)(data_ + k + n), (void *)(data_ + k), (size_ - k) * sizeof(T));
                memset((void *)(data_ + k), 0, n * sizeof(T));
                size_ += n;
            }
            T *insert(const T *pos, const T &v) { size_t k = pos - data_; T copy = v; __open(k, 1); data_[k] = copy; return data_ + k; }
            T *insert(const T *pos, size_t n, const T &v) { size_t k = pos - data_; T copy = v; __open(k, n); for (size_t i = 0; i < n; ++i) data_[k + i] = copy; return data_ + k; }
            T *insert(const T *pos, const T *first, const T *last) {
                size_t k = pos - data_;
                vector tmp(first, last);
                size_t n = tmp.size_;
                __open(k, n);
                for (size_t i = 0; i < n; ++i) data_[k + i] = tmp.data_[i];
                return data_ + k;
            }
            T *insert(const T *pos, initializer_list<T> il) { return insert(pos, il.begin(), il.end()); }
            template <class A> T *emplace(const T *pos, const A &a) { return insert(pos, T(a)); }
            T *erase(const T *pos) { return erase(pos, pos + 1); }
            T *erase(const T *first, const T *last) {
                size_t k = first - data_;
                size_t n = last - first;
                if (n == 0) return data_ + k;
                for (size_t i = k; i + n < size_; ++i) data_[i] = data_[i + n];
                for (size_t i = size_ - n; i < size_; ++i) __clear_slot(i);
                size_ -= n;
                return data_ + k;
            }
            bool operator==(const vector &o) const {
                if (size_ != o.size_) return false;
                for (size_t i = 0; i < size_; ++i) if (!(data_[i] == o.data_[i])) return false;
                return true;
            }
            bool operator!=(const vector &o) const { return !(*this == o); }
            bool operator<(const vector &o) const {
                for (size_t i = 0; i < size_ && i < o.size_; ++i) {
                    if (data_[i] < o.data_[i]) return true;
                    if (o.data_[i] < data_[i]) return false;
                }
                return size_ < o.size_;
            }
            bool operator>(const vector &o) const { return o < *this; }
            bool operator<=(const vector &o) const { return !(o < *this); }
            bool operator>=(const vector &o) const { return !(*this < o); }
        };
        }
        """;

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

    static final String NUMERIC = """
        #pragma once
        #include <__webcu_numeric_scans.h>
        namespace std {
        template <class I, class T> T accumulate(I first, I last, T init) { for (; first != last; ++first) init = init + *first; return init; }
        template <class I, class T, class F> T accumulate(I first, I last, T init, F f) { for (; first != last; ++first) init = f(init, *first); return init; }
        template <class I, class J, class T> T inner_product(I first, I last, J other, T init) { for (; first != last; ++first, ++other) init = init + *first * *other; return init; }
        template <class I, class J, class T, class F, class G> T inner_product(I first, I last, J other, T init, F add, G mul) { for (; first != last; ++first, ++other) init = add(init, mul(*first, *other)); return init; }
        template <class I, class T> void iota(I first, I last, T value) { for (; first != last; ++first, ++value) *first = value; }
        template <class I, class O> O partial_sum(I first, I last, O out) {
            if (first == last) return out;
            auto acc = *first; *out = acc; ++first; ++out;
            for (; first != last; ++first, ++out) { acc = acc + *first; *out = acc; }
            return out;
        }
        template <class I, class O, class F> O partial_sum(I first, I last, O out, F f) {
            if (first == last) return out;
            auto acc = *first; *out = acc; ++first; ++out;
            for (; first != last; ++first, ++out) { acc = f(acc, *first); *out = acc; }
            return out;
        }
        template <class I, class O> O adjacent_difference(I first, I last, O out) {
            if (first == last) return out;
            auto prev = *first; *out = prev; ++first; ++out;
            for (; first != last; ++first, ++out) { auto v = *first; *out = v - prev; prev = v; }
            return out;
        }
        template <class M, class N> M gcd(M a, N b) { if (a < 0) a = -a; if (b < 0) b = -b; while (b != 0) { M t = a % b; a = b; b = t; } return a; }
        template <class M, class N> M lcm(M a, N b) { if (a == 0 || b == 0) return 0; M g = gcd(a, b); M r = a / g * b; return r < 0 ? -r : r; }
        }
        """;

    static final String STRING = """
        #pragma once
        #include <cstdio>
        #include <cstdlib>
        #include <cstring>
        namespace std {
        class string {
        public:
            char *buf_;
            size_t len_;
            size_t cap_;
            string() : buf_(0), len_(0), cap_(0) {}
            string(const char *s) : buf_(0), len_(0), cap_(0) { append(s, strlen(s)); }
            string(const string &o) : buf_(0), len_(0), cap_(0) { append(o.buf_ ? o.buf_ : "", o.len_); }
            string(size_t n, char c) : buf_(0), len_(0), cap_(0) { for (size_t i = 0; i < n; ++i) push_back(c); }
            string &operator=(const string &o) { if (this != &o) { len_ = 0; append(o.buf_ ? o.buf_ : "", o.len_); } return *this; }
            string &operator=(const char *s) { len_ = 0; append(s, strlen(s)); return *this; }
            void reserve(size_t n) {
                if (n + 1 <= cap_) return;
                size_t c = cap_ ? cap_ : 16;
                while (c < n + 1) c *= 2;
                char *b = (char *)malloc(c);
                if (len_) memcpy(b, buf_, len_);
                b[len_] = 0;
                buf_ = b;
                cap_ = c;
            }
            string &append(const char *s, size_t n) { reserve(len_ + n); memcpy(buf_ + len_, s, n); len_ += n; buf_[len_] = 0; return *this; }
            string &operator+=(const string &o) { return append(o.buf_ ? o.buf_ : "", o.len_); }
            string &operator+=(const char *s) { return append(s, strlen(s)); }
            string &operator+=(char c) { return append(&c, 1); }
            void push_back(char c) { append(&c, 1); }
            const char *c_str() const { return buf_ ? buf_ : ""; }
            const char *data() const { return buf_ ? buf_ : ""; }
            size_t size() const { return len_; }
            size_t length() const { return len_; }
            bool empty() const { return len_ == 0; }
            void clear() { len_ = 0; if (buf_) buf_[0] = 0; }
            char &operator[](size_t i) { return buf_[i]; }
            char *begin() { return buf_; }
            char *end() { return buf_ + len_; }
            string substr(size_t pos, size_t n = 4294967295u) const {
                string r;
                if (pos > len_) pos = len_;
                if (n > len_ - pos) n = len_ - pos;
                r.append(buf_ + pos, n);
                return r;
            }
            int compare(const string &o) const { return strcmp(c_str(), o.c_str()); }
        };
        static inline string operator+(const string &a, const string &b) { string r = a; r += b; return r; }
        static inline string operator+(const string &a, const char *b) { string r = a; r += b; return r; }
        static inline string operator+(const char *a, const string &b) { string r = a; r += b; return r; }
        static inline string operator+(const string &a, char b) { string r = a; r += b; return r; }
        static inline bool operator==(const string &a, const string &b) { return a.compare(b) == 0; }
        static inline bool operator==(const string &a, const char *b) { return strcmp(a.c_str(), b) == 0; }
        static inline bool operator!=(const string &a, const string &b) { return a.compare(b) != 0; }
        static inline bool operator<(const string &a, const string &b) { return a.compare(b) < 0; }
        static inline string __fmt(const char *f, long long v) { char b[32]; snprintf(b, 32, f, v); return string(b); }
        static inline string to_string(int v) { return __fmt("%lld", (long long)v); }
        static inline string to_string(long v) { return __fmt("%lld", (long long)v); }
        static inline string to_string(long long v) { return __fmt("%lld", v); }
        static inline string to_string(unsigned int v) { return __fmt("%llu", (long long)v); }
        static inline string to_string(unsigned long v) { return __fmt("%llu", (long long)v); }
        static inline string to_string(unsigned long long v) { return __fmt("%llu", (long long)v); }
        static inline string to_string(double v) { char b[512]; snprintf(b, 512, "%f", v); return string(b); }
        static inline string to_string(float v) { char b[512]; snprintf(b, 512, "%f", (double)v); return string(b); }
        static inline int stoi(const string &s) { return atoi(s.c_str()); }
        static inline double stod(const string &s) { return atof(s.c_str()); }
        }
        """;

    /**
     * Ordered containers: nodes on a list in key order (so iterators survive other inserts and
     * erases, as a tree's do) with a sorted array of the nodes for binary search.
     */
    static final String MAP = """
        #pragma once
        #include <cstdlib>
        #include <cstring>
        #include <utility>
        #include <initializer_list>
        #include <__webcu_functional_base.h>
        #include <__webcu_functexcept.h>
        namespace std {
        template <class K, class T, class C = less<K> > class map {
        public:
            struct __node { __node *prev; __node *next; pair<K, T> v; };
            struct iterator {
                __node *p;
                pair<K, T> &operator*() const { return p->v; }
                pair<K, T> *operator->() const { return &p->v; }
                iterator &operator++() { p = p->next; return *this; }
                iterator operator++(int) { iterator t = *this; p = p->next; return t; }
                iterator &operator--() { p = p->prev; return *this; }
                iterator operator--(int) { iterator t = *this; p = p->prev; return t; }
                bool operator==(const iterator &o) const { return p == o.p; }
                bool operator!=(const iterator &o) const { return p != o.p; }
            };
            struct reverse_iterator {
                __node *p;
                pair<K, T> &operator*() const { return p->prev->v; }
                pair<K, T> *operator->() const { return &p->prev->v; }
                reverse_iterator &operator++() { p = p->prev; return *this; }
                reverse_iterator operator++(int) { reverse_iterator t = *this; p = p->prev; return t; }
                bool operator==(const reverse_iterator &o) const { return p == o.p; }
                bool operator!=(const reverse_iterator &o) const { return p != o.p; }
            };
            typedef iterator const_iterator;
            typedef reverse_iterator const_reverse_iterator;
            typedef K key_type;
            typedef pair<K, T> value_type;
            typedef unsigned long size_type;
            static iterator __it(__node *n) { iterator i; i.p = n; return i; }
            // nodes in key order on a circular list through __h (end()), and a sorted array of
            // them for binary search: iterators stay valid as in a tree
            __node *__h;
            __node **__a;
            unsigned long __n;
            unsigned long __cap;
            map() : __h(0), __a(0), __n(0), __cap(0) {}
            map(const map &o) : __h(0), __a(0), __n(0), __cap(0) { for (__node *p = o.__first(); p != o.__h; p = p->next) __insert_at(__n, p->v); }
            ~map() { __free(); }
            map &operator=(const map &o) { if (this != &o) { clear(); for (__node *p = o.__first(); p != o.__h; p = p->next) __insert_at(__n, p->v); } return *this; }
            void __free() {
                if (__h) { __node *p = __h->next; while (p != __h) { __node *nx = p->next; __destroy_node_value(&p->v); free((void *)p); p = nx; } }
                free((void *)__h);
                free((void *)__a);
            }
            void __init() {
                if (__h) return;
                __h = (__node *)calloc(1, sizeof(__node));
                __h->prev = __h;
                __h->next = __h;
            }
            __node *__first() const { return __h ? __h->next : (__node *)0; }
            static bool __lt(const K &a, const K &b) { C c; return c(a, b); }
            static const K &__key(const pair<K, T> &v) { return v.first; }
            // first index whose key is not less than k
            unsigned long __lower(const K &k) const {
                unsigned long lo = 0, len = __n;
                while (len > 0) { unsigned long half = len >> 1; if (__lt(__key(__a[lo + half]->v), k)) { lo = lo + half + 1; len = len - half - 1; } else len = half; }
                return lo;
            }
            unsigned long __upper(const K &k) const {
                unsigned long lo = 0, len = __n;
                while (len > 0) { unsigned long half = len >> 1; if (__lt(k, __key(__a[lo + half]->v))) len = half; else { lo = lo + half + 1; len = len - half - 1; } }
                return lo;
            }
            __node *__at_index(unsigned long i) const { return i < __n ? __a[i] : __h; }
            __node *__insert_at(unsigned long i, const pair<K, T> &v) {
                __init();
                if (__n == __cap) {
                    unsigned long c = __cap ? __cap * 2 : 8;
                    __node **na = (__node **)calloc(c, sizeof(__node *));
                    if (__n) memcpy((void *)na, (void *)__a, __n * sizeof(__node *));
                    free((void *)__a);
                    __a = na;
                    __cap = c;
                }
                __node *n = (__node *)calloc(1, sizeof(__node));
                __construct_node_value(&n->v, v);
                __node *after = __at_index(i);
                n->next = after;
                n->prev = after->prev;
                after->prev->next = n;
                after->prev = n;
                if (i < __n) memmove((void *)(__a + i + 1), (void *)(__a + i), (__n - i) * sizeof(__node *));
                __a[i] = n;
                ++__n;
                return n;
            }
            unsigned long __index_of(__node *n) const {
                unsigned long i = __lower(__key(n->v));
                while (__a[i] != n) ++i;
                return i;
            }
            void __erase_node(__node *n) {
                unsigned long i = __index_of(n);
                memmove((void *)(__a + i), (void *)(__a + i + 1), (__n - i - 1) * sizeof(__node *));
                --__n;
                n->prev->next = n->next;
                n->next->prev = n->prev;
                __destroy_node_value(&n->v);
                free((void *)n);
            }
            iterator begin() { __init(); return __it(__h->next); }
            iterator end() { __init(); return __it(__h); }
            reverse_iterator rbegin() { __init(); reverse_iterator r; r.p = __h; return r; }
            reverse_iterator rend() { __init(); reverse_iterator r; r.p = __h->next; return r; }
            const_iterator cbegin() { return begin(); }
            const_iterator cend() { return end(); }
            const_reverse_iterator crbegin() { return rbegin(); }
            const_reverse_iterator crend() { return rend(); }
            unsigned long size() const { return __n; }
            bool empty() const { return __n == 0; }
            unsigned long max_size() const { return 230584300921369395UL; }
            void clear() {
                if (__h) { __node *p = __h->next; while (p != __h) { __node *nx = p->next; __destroy_node_value(&p->v); free((void *)p); p = nx; } __h->next = __h; __h->prev = __h; }
                __n = 0;
            }
            iterator find(const K &k) { __init(); unsigned long i = __lower(k); return __it(i < __n && !__lt(k, __key(__a[i]->v)) ? __a[i] : __h); }
            unsigned long count(const K &k) const { return __upper(k) - __lower(k); }
            bool contains(const K &k) const { return count(k) != 0; }
            iterator lower_bound(const K &k) { __init(); return __it(__at_index(__lower(k))); }
            iterator upper_bound(const K &k) { __init(); return __it(__at_index(__upper(k))); }
            pair<iterator, iterator> equal_range(const K &k) { return pair<iterator, iterator>(lower_bound(k), upper_bound(k)); }
            pair<iterator, bool> insert(const pair<K, T> &v) {
                unsigned long i = __lower(__key(v));
                if (i < __n && !__lt(__key(v), __key(__a[i]->v))) return pair<iterator, bool>(__it(__a[i]), false);
                return pair<iterator, bool>(__it(__insert_at(i, v)), true);
            }
            iterator insert(iterator hint, const pair<K, T> &v) { return insert(v).first; }
            template <class I> void insert(I first, I last) { for (; first != last; ++first) insert(*first); }
            unsigned long erase(const K &k) {
                unsigned long lo = __lower(k), hi = __upper(k), c = hi - lo;
                for (unsigned long j = 0; j < c; ++j) __erase_node(__a[lo]);
                return c;
            }
            iterator erase(iterator it) { __node *next = it.p->next; __erase_node(it.p); return __it(next); }
            iterator erase(iterator first, iterator last) { while (first != last) first = erase(first); return last; }
            void swap(map &o) {
                __node *h = __h; __h = o.__h; o.__h = h;
                __node **a = __a; __a = o.__a; o.__a = a;
                unsigned long n = __n; __n = o.__n; o.__n = n;
                unsigned long c = __cap; __cap = o.__cap; o.__cap = c;
            }
            bool operator==(const map &o) const {
                if (__n != o.__n) return false;
                for (unsigned long i = 0; i < __n; ++i) if (!(__a[i]->v == o.__a[i]->v)) return false;
                return true;
            }
            bool operator!=(const map &o) const { return !(*this == o); }
            T &operator[](const K &k) {
                unsigned long i = __lower(k);
                if (i < __n && !__lt(k, __a[i]->v.first)) return __a[i]->v.second;
                return __insert_at(i, pair<K, T>(k, T()))->v.second;
            }
            T &at(const K &k) {
                unsigned long i = __lower(k);
                if (!(i < __n && !__lt(k, __a[i]->v.first))) __throw_out_of_range("map::at");
                return __a[i]->v.second;
            }
            pair<iterator, bool> emplace(const K &k, const T &v) { return insert(pair<K, T>(k, v)); }
            iterator emplace_hint(iterator hint, const K &k, const T &v) { return insert(pair<K, T>(k, v)).first; }
            pair<iterator, bool> insert_or_assign(const K &k, const T &v) { pair<iterator, bool> r = insert(pair<K, T>(k, v)); if (!r.second) r.first.p->v.second = v; return r; }
            pair<iterator, bool> try_emplace(const K &k, const T &v) { return insert(pair<K, T>(k, v)); }
            map(initializer_list<pair<K, T> > il) : __h(0), __a(0), __n(0), __cap(0) { for (const pair<K, T> *p = il.begin(); p != il.end(); ++p) insert(*p); }
        };

        template <class K, class T, class C = less<K> > class multimap {
        public:
            struct __node { __node *prev; __node *next; pair<K, T> v; };
            struct iterator {
                __node *p;
                pair<K, T> &operator*() const { return p->v; }
                pair<K, T> *operator->() const { return &p->v; }
                iterator &operator++() { p = p->next; return *this; }
                iterator operator++(int) { iterator t = *this; p = p->next; return t; }
                iterator &operator--() { p = p->prev; return *this; }
                iterator operator--(int) { iterator t = *this; p = p->prev; return t; }
                bool operator==(const iterator &o) const { return p == o.p; }
                bool operator!=(const iterator &o) const { return p != o.p; }
            };
            struct reverse_iterator {
                __node *p;
                pair<K, T> &operator*() const { return p->prev->v; }
                pair<K, T> *operator->() const { return &p->prev->v; }
                reverse_iterator &operator++() { p = p->prev; return *this; }
                reverse_iterator operator++(int) { reverse_iterator t = *this; p = p->prev; return t; }
                bool operator==(const reverse_iterator &o) const { return p == o.p; }
                bool operator!=(const reverse_iterator &o) const { return p != o.p; }
            };
            typedef iterator const_iterator;
            typedef reverse_iterator const_reverse_iterator;
            typedef K key_type;
            typedef pair<K, T> value_type;
            typedef unsigned long size_type;
            static iterator __it(__node *n) { iterator i; i.p = n; return i; }
            // nodes in key order on a circular list through __h (end()), and a sorted array of
            // them for binary search: iterators stay valid as in a tree
            __node *__h;
            __node **__a;
            unsigned long __n;
            unsigned long __cap;
            multimap() : __h(0), __a(0), __n(0), __cap(0) {}
            multimap(const multimap &o) : __h(0), __a(0), __n(0), __cap(0) { for (__node *p = o.__first(); p != o.__h; p = p->next) __insert_at(__n, p->v); }
            ~multimap() { __free(); }
            multimap &operator=(const multimap &o) { if (this != &o) { clear(); for (__node *p = o.__first(); p != o.__h; p = p->next) __insert_at(__n, p->v); } return *this; }
            void __free() {
                if (__h) { __node *p = __h->next; while (p != __h) { __node *nx = p->next; __destroy_node_value(&p->v); free((void *)p); p = nx; } }
                free((void *)__h);
                free((void *)__a);
            }
            void __init() {
                if (__h) return;
                __h = (__node *)calloc(1, sizeof(__node));
                __h->prev = __h;
                __h->next = __h;
            }
            __node *__first() const { return __h ? __h->next : (__node *)0; }
            static bool __lt(const K &a, const K &b) { C c; return c(a, b); }
            static const K &__key(const pair<K, T> &v) { return v.first; }
            // first index whose key is not less than k
            unsigned long __lower(const K &k) const {
                unsigned long lo = 0, len = __n;
                while (len > 0) { unsigned long half = len >> 1; if (__lt(__key(__a[lo + half]->v), k)) { lo = lo + half + 1; len = len - half - 1; } else len = half; }
                return lo;
            }
            unsigned long __upper(const K &k) const {
                unsigned long lo = 0, len = __n;
                while (len > 0) { unsigned long half = len >> 1; if (__lt(k, __key(__a[lo + half]->v))) len = half; else { lo = lo + half + 1; len = len - half - 1; } }
                return lo;
            }
            __node *__at_index(unsigned long i) const { return i < __n ? __a[i] : __h; }
            __node *__insert_at(unsigned long i, const pair<K, T> &v) {
                __init();
                if (__n == __cap) {
                    unsigned long c = __cap ? __cap * 2 : 8;
                    __node **na = (__node **)calloc(c, sizeof(__node *));
                    if (__n) memcpy((void *)na, (void *)__a, __n * sizeof(__node *));
                    free((void *)__a);
                    __a = na;
                    __cap = c;
                }
                __node *n = (__node *)calloc(1, sizeof(__node));
                __construct_node_value(&n->v, v);
                __node *after = __at_index(i);
                n->next = after;
                n->prev = after->prev;
                after->prev->next = n;
                after->prev = n;
                if (i < __n) memmove((void *)(__a + i + 1), (void *)(__a + i), (__n - i) * sizeof(__node *));
                __a[i] = n;
                ++__n;
                return n;
            }
            unsigned long __index_of(__node *n) const {
                unsigned long i = __lower(__key(n->v));
                while (__a[i] != n) ++i;
                return i;
            }
            void __erase_node(__node *n) {
                unsigned long i = __index_of(n);
                memmove((void *)(__a + i), (void *)(__a + i + 1), (__n - i - 1) * sizeof(__node *));
                --__n;
                n->prev->next = n->next;
                n->next->prev = n->prev;
                __destroy_node_value(&n->v);
                free((void *)n);
            }
            iterator begin() { __init(); return __it(__h->next); }
            iterator end() { __init(); return __it(__h); }
            reverse_iterator rbegin() { __init(); reverse_iterator r; r.p = __h; return r; }
            reverse_iterator rend() { __init(); reverse_iterator r; r.p = __h->next; return r; }
            const_iterator cbegin() { return begin(); }
            const_iterator cend() { return end(); }
            const_reverse_iterator crbegin() { return rbegin(); }
            const_reverse_iterator crend() { return rend(); }
            unsigned long size() const { return __n; }
            bool empty() const { return __n == 0; }
            unsigned long max_size() const { return 230584300921369395UL; }
            void clear() {
                if (__h) { __node *p = __h->next; while (p != __h) { __node *nx = p->next; __destroy_node_value(&p->v); free((void *)p); p = nx; } __h->next = __h; __h->prev = __h; }
                __n = 0;
            }
            iterator find(const K &k) { __init(); unsigned long i = __lower(k); return __it(i < __n && !__lt(k, __key(__a[i]->v)) ? __a[i] : __h); }
            unsigned long count(const K &k) const { return __upper(k) - __lower(k); }
            bool contains(const K &k) const { return count(k) != 0; }
            iterator lower_bound(const K &k) { __init(); return __it(__at_index(__lower(k))); }
            iterator upper_bound(const K &k) { __init(); return __it(__at_index(__upper(k))); }
            pair<iterator, iterator> equal_range(const K &k) { return pair<iterator, iterator>(lower_bound(k), upper_bound(k)); }
            iterator insert(const pair<K, T> &v) { return __it(__insert_at(__upper(__key(v)), v)); }
            iterator insert(iterator hint, const pair<K, T> &v) { return insert(v); }
            template <class I> void insert(I first, I last) { for (; first != last; ++first) insert(*first); }
            unsigned long erase(const K &k) {
                unsigned long lo = __lower(k), hi = __upper(k), c = hi - lo;
                for (unsigned long j = 0; j < c; ++j) __erase_node(__a[lo]);
                return c;
            }
            iterator erase(iterator it) { __node *next = it.p->next; __erase_node(it.p); return __it(next); }
            iterator erase(iterator first, iterator last) { while (first != last) first = erase(first); return last; }
            void swap(multimap &o) {
                __node *h = __h; __h = o.__h; o.__h = h;
                __node **a = __a; __a = o.__a; o.__a = a;
                unsigned long n = __n; __n = o.__n; o.__n = n;
                unsigned long c = __cap; __cap = o.__cap; o.__cap = c;
            }
            bool operator==(const multimap &o) const {
                if (__n != o.__n) return false;
                for (unsigned long i = 0; i < __n; ++i) if (!(__a[i]->v == o.__a[i]->v)) return false;
                return true;
            }
            bool operator!=(const multimap &o) const { return !(*this == o); }
            iterator emplace(const K &k, const T &v) { return insert(pair<K, T>(k, v)); }
            iterator emplace_hint(iterator hint, const K &k, const T &v) { return insert(pair<K, T>(k, v)); }
            multimap(initializer_list<pair<K, T> > il) : __h(0), __a(0), __n(0), __cap(0) { for (const pair<K, T> *p = il.begin(); p != il.end(); ++p) insert(*p); }
        };
        }
        """;

    /**
     * set and multiset: one sorted container (nodes in order, a sorted array of them for lookups)
     * that differs only in insertion: a set keeps the first of equal keys and says whether it
     * inserted, a multiset puts a key after its equals, as libstdc++ does.
     */
    private static String sortedSet(String name, String insert, String inserted) {
        return SORTED_SET.replace("$INSERTED", inserted).replace("$NAME", name).replace("$INSERT", insert);
    }

    private static final String SET_INSERT_UNIQUE = """
            pair<iterator, bool> insert(const K &v) {
                unsigned long i = __lower(__key(v));
                if (i < __n && !__lt(__key(v), __key(__a[i]->v))) return pair<iterator, bool>(__it(__a[i]), false);
                return pair<iterator, bool>(__it(__insert_at(i, v)), true);
            }
            iterator insert(iterator hint, const K &v) { return insert(v).first; }
        """;

    private static final String SET_INSERT_EQUAL = """
            iterator insert(const K &v) { return __it(__insert_at(__upper(__key(v)), v)); }
            iterator insert(iterator hint, const K &v) { return insert(v); }
        """;

    private static final String SORTED_SET = """
        template <class K, class C = less<K> > class $NAME {
        public:
            struct __node { __node *prev; __node *next; K v; };
            struct iterator {
                __node *p;
                K &operator*() const { return p->v; }
                K *operator->() const { return &p->v; }
                iterator &operator++() { p = p->next; return *this; }
                iterator operator++(int) { iterator t = *this; p = p->next; return t; }
                iterator &operator--() { p = p->prev; return *this; }
                iterator operator--(int) { iterator t = *this; p = p->prev; return t; }
                bool operator==(const iterator &o) const { return p == o.p; }
                bool operator!=(const iterator &o) const { return p != o.p; }
            };
            struct reverse_iterator {
                __node *p;
                K &operator*() const { return p->prev->v; }
                K *operator->() const { return &p->prev->v; }
                reverse_iterator &operator++() { p = p->prev; return *this; }
                reverse_iterator operator++(int) { reverse_iterator t = *this; p = p->prev; return t; }
                bool operator==(const reverse_iterator &o) const { return p == o.p; }
                bool operator!=(const reverse_iterator &o) const { return p != o.p; }
            };
            typedef iterator const_iterator;
            typedef reverse_iterator const_reverse_iterator;
            typedef K key_type;
            typedef K value_type;
            typedef unsigned long size_type;
            static iterator __it(__node *n) { iterator i; i.p = n; return i; }
            // nodes in key order on a circular list through __h (end()), and a sorted array of
            // them for binary search: iterators stay valid as in a tree
            __node *__h;
            __node **__a;
            unsigned long __n;
            unsigned long __cap;
            $NAME() : __h(0), __a(0), __n(0), __cap(0) {}
            $NAME(const $NAME &o) : __h(0), __a(0), __n(0), __cap(0) { for (__node *p = o.__first(); p != o.__h; p = p->next) __insert_at(__n, p->v); }
            ~$NAME() { __free(); }
            $NAME &operator=(const $NAME &o) { if (this != &o) { clear(); for (__node *p = o.__first(); p != o.__h; p = p->next) __insert_at(__n, p->v); } return *this; }
            void __free() {
                if (__h) { __node *p = __h->next; while (p != __h) { __node *nx = p->next; __destroy_node_value(&p->v); free((void *)p); p = nx; } }
                free((void *)__h);
                free((void *)__a);
            }
            void __init() {
                if (__h) return;
                __h = (__node *)calloc(1, sizeof(__node));
                __h->prev = __h;
                __h->next = __h;
            }
            __node *__first() const { return __h ? __h->next : (__node *)0; }
            static bool __lt(const K &a, const K &b) { C c; return c(a, b); }
            static const K &__key(const K &v) { return v; }
            // first index whose key is not less than k
            unsigned long __lower(const K &k) const {
                unsigned long lo = 0, len = __n;
                while (len > 0) { unsigned long half = len >> 1; if (__lt(__key(__a[lo + half]->v), k)) { lo = lo + half + 1; len = len - half - 1; } else len = half; }
                return lo;
            }
            unsigned long __upper(const K &k) const {
                unsigned long lo = 0, len = __n;
                while (len > 0) { unsigned long half = len >> 1; if (__lt(k, __key(__a[lo + half]->v))) len = half; else { lo = lo + half + 1; len = len - half - 1; } }
                return lo;
            }
            __node *__at_index(unsigned long i) const { return i < __n ? __a[i] : __h; }
            __node *__insert_at(unsigned long i, const K &v) {
                __init();
                if (__n == __cap) {
                    unsigned long c = __cap ? __cap * 2 : 8;
                    __node **na = (__node **)calloc(c, sizeof(__node *));
                    if (__n) memcpy((void *)na, (void *)__a, __n * sizeof(__node *));
                    free((void *)__a);
                    __a = na;
                    __cap = c;
                }
                __node *n = (__node *)calloc(1, sizeof(__node));
                __construct_node_value(&n->v, v);
                __node *after = __at_index(i);
                n->next = after;
                n->prev = after->prev;
                after->prev->next = n;
                after->prev = n;
                if (i < __n) memmove((void *)(__a + i + 1), (void *)(__a + i), (__n - i) * sizeof(__node *));
                __a[i] = n;
                ++__n;
                return n;
            }
            unsigned long __index_of(__node *n) const {
                unsigned long i = __lower(__key(n->v));
                while (__a[i] != n) ++i;
                return i;
            }
            void __erase_node(__node *n) {
                unsigned long i = __index_of(n);
                memmove((void *)(__a + i), (void *)(__a + i + 1), (__n - i - 1) * sizeof(__node *));
                --__n;
                n->prev->next = n->next;
                n->next->prev = n->prev;
                __destroy_node_value(&n->v);
                free((void *)n);
            }
            iterator begin() { __init(); return __it(__h->next); }
            iterator end() { __init(); return __it(__h); }
            reverse_iterator rbegin() { __init(); reverse_iterator r; r.p = __h; return r; }
            reverse_iterator rend() { __init(); reverse_iterator r; r.p = __h->next; return r; }
            const_iterator cbegin() { return begin(); }
            const_iterator cend() { return end(); }
            const_reverse_iterator crbegin() { return rbegin(); }
            const_reverse_iterator crend() { return rend(); }
            unsigned long size() const { return __n; }
            bool empty() const { return __n == 0; }
            unsigned long max_size() const { return 230584300921369395UL; }
            void clear() {
                if (__h) { __node *p = __h->next; while (p != __h) { __node *nx = p->next; __destroy_node_value(&p->v); free((void *)p); p = nx; } __h->next = __h; __h->prev = __h; }
                __n = 0;
            }
            iterator find(const K &k) { __init(); unsigned long i = __lower(k); return __it(i < __n && !__lt(k, __key(__a[i]->v)) ? __a[i] : __h); }
            unsigned long count(const K &k) const { return __upper(k) - __lower(k); }
            bool contains(const K &k) const { return count(k) != 0; }
            iterator lower_bound(const K &k) { __init(); return __it(__at_index(__lower(k))); }
            iterator upper_bound(const K &k) { __init(); return __it(__at_index(__upper(k))); }
            pair<iterator, iterator> equal_range(const K &k) { return pair<iterator, iterator>(lower_bound(k), upper_bound(k)); }
        $INSERT\
            template <class I> void insert(I first, I last) { for (; first != last; ++first) insert(*first); }
            unsigned long erase(const K &k) {
                unsigned long lo = __lower(k), hi = __upper(k), c = hi - lo;
                for (unsigned long j = 0; j < c; ++j) __erase_node(__a[lo]);
                return c;
            }
            iterator erase(iterator it) { __node *next = it.p->next; __erase_node(it.p); return __it(next); }
            iterator erase(iterator first, iterator last) { while (first != last) first = erase(first); return last; }
            void swap($NAME &o) {
                __node *h = __h; __h = o.__h; o.__h = h;
                __node **a = __a; __a = o.__a; o.__a = a;
                unsigned long n = __n; __n = o.__n; o.__n = n;
                unsigned long c = __cap; __cap = o.__cap; o.__cap = c;
            }
            bool operator==(const $NAME &o) const {
                if (__n != o.__n) return false;
                for (unsigned long i = 0; i < __n; ++i) if (!(__a[i]->v == o.__a[i]->v)) return false;
                return true;
            }
            bool operator!=(const $NAME &o) const { return !(*this == o); }
            $INSERTED emplace(const K &k) { return insert(k); }
            iterator emplace_hint(iterator hint, const K &k) { return insert(hint, k); }
            $NAME(const K *first, const K *last) : __h(0), __a(0), __n(0), __cap(0) { for (; first != last; ++first) insert(*first); }
            $NAME(initializer_list<K> il) : __h(0), __a(0), __n(0), __cap(0) { for (const K *p = il.begin(); p != il.end(); ++p) insert(*p); }
        };
        """;

    static final String SET = """
        #pragma once
        #include <cstdlib>
        #include <cstring>
        #include <utility>
        #include <initializer_list>
        #include <__webcu_functional_base.h>
        #include <__webcu_functexcept.h>
        namespace std {
        """
        + sortedSet("set", SET_INSERT_UNIQUE, "pair<iterator, bool>") + "\n"
        + sortedSet("multiset", SET_INSERT_EQUAL, "iterator") + "}\n";
}
