package webcu.frontend;

/**
 * <array>, <deque>, <list>, <queue> and <stack>: the sequence containers other than vector
 * and the adapters over them.
 */
final class ContainerHeaders {
    private ContainerHeaders() {}

    static final String ARRAY = """
        #pragma once
        #include <__webcu_functexcept.h>
        #include <__webcu_iterator_base.h>
        #include <cstdio>
        namespace std {
        template <class T, unsigned long N> struct array {
            T __elems[N];
            typedef T value_type;
            typedef T *iterator;
            typedef const T *const_iterator;
            typedef unsigned long size_type;
            T *begin() const { return (T *)__elems; }
            T *end() const { return (T *)__elems + N; }
            const T *cbegin() const { return __elems; }
            const T *cend() const { return __elems + N; }
            std::reverse_iterator<T *> rbegin() const { return std::reverse_iterator<T *>(end()); }
            std::reverse_iterator<T *> rend() const { return std::reverse_iterator<T *>(begin()); }
            std::reverse_iterator<const T *> crbegin() const { return std::reverse_iterator<const T *>(end()); }
            std::reverse_iterator<const T *> crend() const { return std::reverse_iterator<const T *>(begin()); }
            T *data() const { return (T *)__elems; }
            unsigned long size() const { return N; }
            unsigned long max_size() const { return N; }
            bool empty() const { return N == 0; }
            T &operator[](unsigned long i) const { return ((T *)__elems)[i]; }
            T &at(unsigned long i) const {
                if (i >= N) {
                    char m[160];
                    snprintf(m, 160, "array::at: __n (which is %zu) >= _Nm (which is %zu)", i, N);
                    __throw_out_of_range(m);
                }
                return ((T *)__elems)[i];
            }
            T &front() const { return ((T *)__elems)[0]; }
            T &back() const { return ((T *)__elems)[N - 1]; }
            void fill(const T &v) { for (unsigned long i = 0; i < N; ++i) __elems[i] = v; }
            void swap(array &o) { for (unsigned long i = 0; i < N; ++i) { T t = __elems[i]; __elems[i] = o.__elems[i]; o.__elems[i] = t; } }
            bool operator==(const array &o) const { for (unsigned long i = 0; i < N; ++i) if (!(__elems[i] == o.__elems[i])) return false; return true; }
            bool operator!=(const array &o) const { return !(*this == o); }
        };
        }
        """;

    /** A deque as one buffer with room kept at both ends: elements stay contiguous, iterators are pointers. */
    static final String DEQUE = """
        #pragma once
        #include <cstdlib>
        #include <cstring>
        #include <cstdio>
        #include <initializer_list>
        #include <__webcu_functexcept.h>
        #include <__webcu_functional_base.h>
        #include <__webcu_iterator_base.h>
        namespace std {
        template <class T> class deque {
        public:
            typedef T value_type;
            typedef T *iterator;
            typedef const T *const_iterator;
            typedef unsigned long size_type;
            T *__buf;
            unsigned long __head;
            unsigned long __n;
            unsigned long __cap;
            deque() : __buf(0), __head(0), __n(0), __cap(0) {}
            explicit deque(unsigned long n) : __buf(0), __head(0), __n(0), __cap(0) { for (unsigned long i = 0; i < n; ++i) push_back(T()); }
            deque(unsigned long n, const T &v) : __buf(0), __head(0), __n(0), __cap(0) { for (unsigned long i = 0; i < n; ++i) push_back(v); }
            deque(initializer_list<T> il) : __buf(0), __head(0), __n(0), __cap(0) { for (const T *p = il.begin(); p != il.end(); ++p) push_back(*p); }
            deque(const deque &o) : __buf(0), __head(0), __n(0), __cap(0) { for (unsigned long i = 0; i < o.__n; ++i) push_back(o.__buf[o.__head + i]); }
            ~deque() { for (unsigned long i = 0; i < __n; ++i) __buf[__head + i].~T(); free((void *)__buf); }
            deque &operator=(const deque &o) { if (this != &o) { clear(); for (unsigned long i = 0; i < o.__n; ++i) push_back(o.__buf[o.__head + i]); } return *this; }
            // a new buffer with 'front' free slots before the elements and as many after
            void __regrow(unsigned long front) {
                unsigned long c = (__n + 1) * 2 + front + 8;
                T *b = (T *)calloc(c, sizeof(T));
                if (__n) memcpy((void *)(b + front), (void *)(__buf + __head), __n * sizeof(T));
                free((void *)__buf);
                __buf = b;
                __head = front;
                __cap = c;
            }
            T *begin() const { return __buf + __head; }
            T *end() const { return __buf + __head + __n; }
            const T *cbegin() const { return __buf + __head; }
            const T *cend() const { return __buf + __head + __n; }
            std::reverse_iterator<T *> rbegin() const { return std::reverse_iterator<T *>(end()); }
            std::reverse_iterator<T *> rend() const { return std::reverse_iterator<T *>(begin()); }
            std::reverse_iterator<const T *> crbegin() const { return std::reverse_iterator<const T *>(end()); }
            std::reverse_iterator<const T *> crend() const { return std::reverse_iterator<const T *>(begin()); }
            unsigned long size() const { return __n; }
            bool empty() const { return __n == 0; }
            T &operator[](unsigned long i) const { return __buf[__head + i]; }
            T &at(unsigned long i) const {
                if (i >= __n) {
                    char m[160];
                    snprintf(m, 160, "deque::_M_range_check: __n (which is %zu)>= this->size() (which is %zu)", i, __n);
                    __throw_out_of_range(m);
                }
                return __buf[__head + i];
            }
            T &front() const { return __buf[__head]; }
            T &back() const { return __buf[__head + __n - 1]; }
            // v may be an element: it is copied into the buffer only once the buffer has room
            void push_back(const T &v) {
                if (__head + __n == __cap) { T copy = v; __regrow(__n / 2 + 4); __construct_node_value(__buf + __head + __n, copy); } else __construct_node_value(__buf + __head + __n, v);
                ++__n;
            }
            void push_front(const T &v) {
                if (__head == 0) { T copy = v; __regrow(__n + 8); __construct_node_value(__buf + __head - 1, copy); } else __construct_node_value(__buf + __head - 1, v);
                --__head;
                ++__n;
            }
            template <class A> void emplace_back(const A &a) { push_back(T(a)); }
            template <class A> void emplace_front(const A &a) { push_front(T(a)); }
            template <class A> T *emplace(const T *pos, const A &a) { return insert((T *)pos, T(a)); }
            void pop_back() { --__n; __buf[__head + __n].~T(); memset((void *)(__buf + __head + __n), 0, sizeof(T)); }
            void pop_front() { __buf[__head].~T(); memset((void *)(__buf + __head), 0, sizeof(T)); ++__head; --__n; }
            void clear() { for (unsigned long i = 0; i < __n; ++i) __buf[__head + i].~T(); if (__buf) memset((void *)__buf, 0, __cap * sizeof(T)); __head = __cap / 2; __n = 0; }
            void resize(unsigned long n) { while (__n > n) pop_back(); while (__n < n) push_back(T()); }
            T *erase(T *pos) {
                unsigned long k = pos - begin();
                for (unsigned long i = k; i + 1 < __n; ++i) __buf[__head + i] = __buf[__head + i + 1];
                pop_back();
                return begin() + k;
            }
            T *insert(T *pos, const T &v) {
                unsigned long k = pos - begin();
                push_back(v);
                for (unsigned long i = __n - 1; i > k; --i) { T t = __buf[__head + i]; __buf[__head + i] = __buf[__head + i - 1]; __buf[__head + i - 1] = t; }
                return begin() + k;
            }
        };
        }
        """;

    static final String LIST = """
        #pragma once
        #include <cstdlib>
        #include <initializer_list>
        #include <__webcu_iterator_base.h>
        #include <__webcu_functional_base.h>
        namespace std {
        template <class T> class list {
        public:
            struct __node { __node *prev; __node *next; T v; };
            struct iterator {
                __node *p;
                T &operator*() const { return p->v; }
                T *operator->() const { return &p->v; }
                iterator &operator++() { p = p->next; return *this; }
                iterator operator++(int) { iterator t = *this; p = p->next; return t; }
                iterator &operator--() { p = p->prev; return *this; }
                iterator operator--(int) { iterator t = *this; p = p->prev; return t; }
                bool operator==(const iterator &o) const { return p == o.p; }
                bool operator!=(const iterator &o) const { return p != o.p; }
            };
            typedef iterator const_iterator;
            typedef T value_type;
            typedef unsigned long size_type;
            static iterator __it(__node *n) { iterator i; i.p = n; return i; }
            __node *__h;
            unsigned long __n;
            list() : __h(0), __n(0) {}
            list(unsigned long n, const T &v) : __h(0), __n(0) { for (unsigned long i = 0; i < n; ++i) push_back(v); }
            list(initializer_list<T> il) : __h(0), __n(0) { for (const T *p = il.begin(); p != il.end(); ++p) push_back(*p); }
            template <class I, class = typename __enable_if_iter<I>::type> list(I first, I last) : __h(0), __n(0) { for (; first != last; ++first) push_back(*first); }
            list(const list &o) : __h(0), __n(0) { if (o.__h) for (__node *p = o.__h->next; p != o.__h; p = p->next) push_back(p->v); }
            ~list() { clear(); free((void *)__h); }
            list &operator=(const list &o) { if (this != &o) { clear(); if (o.__h) for (__node *p = o.__h->next; p != o.__h; p = p->next) push_back(p->v); } return *this; }
            void __init() { if (!__h) { __h = (__node *)calloc(1, sizeof(__node)); __h->prev = __h; __h->next = __h; } }
            iterator begin() { __init(); return __it(__h->next); }
            iterator end() { __init(); return __it(__h); }
            const_iterator cbegin() { return begin(); }
            const_iterator cend() { return end(); }
            std::reverse_iterator<iterator> rbegin() { return std::reverse_iterator<iterator>(end()); }
            std::reverse_iterator<iterator> rend() { return std::reverse_iterator<iterator>(begin()); }
            std::reverse_iterator<iterator> crbegin() { return rbegin(); }
            std::reverse_iterator<iterator> crend() { return rend(); }
            unsigned long size() const { return __n; }
            bool empty() const { return __n == 0; }
            T &front() { return __h->next->v; }
            T &back() { return __h->prev->v; }
            // links a new node before pos (its value is made by the caller)
            void __link(iterator pos, __node *n) {
                __node *after = pos.p;
                n->next = after;
                n->prev = after->prev;
                after->prev->next = n;
                after->prev = n;
                ++__n;
            }
            iterator insert(iterator pos, const T &v) {
                __init();
                __node *n = (__node *)calloc(1, sizeof(__node));
                __construct_node_value(&n->v, v);
                __node *after = pos.p;
                n->next = after;
                n->prev = after->prev;
                after->prev->next = n;
                after->prev = n;
                ++__n;
                return __it(n);
            }
            iterator erase(iterator pos) {
                __node *n = pos.p;
                __node *next = n->next;
                n->prev->next = next;
                next->prev = n->prev;
                __destroy_node_value(&n->v);
                free((void *)n);
                --__n;
                return __it(next);
            }
            void push_back(const T &v) { insert(end(), v); }
            void push_front(const T &v) { insert(begin(), v); }
            void push_back(T &&v) { __link(end(), (__node *)calloc(1, sizeof(__node))); new ((void *)&__h->prev->v) T(std::move(v)); }
            void push_front(T &&v) { __link(begin(), (__node *)calloc(1, sizeof(__node))); new ((void *)&__h->next->v) T(std::move(v)); }
            template <class A> void emplace_back(const A &a) { push_back(T(a)); }
            template <class A> void emplace_front(const A &a) { push_front(T(a)); }
            template <class A> iterator emplace(iterator pos, const A &a) { return insert(pos, T(a)); }
            void pop_back() { erase(__it(__h->prev)); }
            void pop_front() { erase(__it(__h->next)); }
            void clear() { if (!__h) return; __node *p = __h->next; while (p != __h) { __node *nx = p->next; __destroy_node_value(&p->v); free((void *)p); p = nx; } __h->next = __h; __h->prev = __h; __n = 0; }
            void remove(const T &v) { iterator i = begin(); while (i != end()) { if (*i == v) i = erase(i); else ++i; } }
            template <class P> void remove_if(P pred) { iterator i = begin(); while (i != end()) { if (pred(*i)) i = erase(i); else ++i; } }
            void reverse() { if (!__h) return; __node *p = __h; do { __node *t = p->next; p->next = p->prev; p->prev = t; p = t; } while (p != __h); }
            // a stable sort's order is unique: insertion by relinking keeps libstdc++'s result
            template <class C> void sort(C comp) {
                if (__n < 2) return;
                __node *p = __h->next->next;
                while (p != __h) {
                    __node *next = p->next;
                    __node *q = p->prev;
                    while (q != __h && comp(p->v, q->v)) q = q->prev;
                    if (q != p->prev) {
                        p->prev->next = p->next; p->next->prev = p->prev;
                        p->next = q->next; p->prev = q; q->next->prev = p; q->next = p;
                    }
                    p = next;
                }
            }
            struct __lt { bool operator()(const T &a, const T &b) const { return a < b; } };
            void sort() { sort(__lt()); }
            void unique() { if (__n < 2) return; iterator i = begin(); iterator j = i; ++j; while (j != end()) { if (*i == *j) j = erase(j); else { i = j; ++j; } } }
        };
        }
        """;

    static final String QUEUE = """
        #pragma once
        #include <deque>
        #include <vector>
        #include <algorithm>
        #include <__webcu_functional_base.h>
        namespace std {
        template <class T, class S = deque<T> > class queue {
        public:
            typedef T value_type;
            typedef unsigned long size_type;
            S c;
            ~queue() {} // c is destroyed after it
            unsigned long size() const { return c.size(); }
            bool empty() const { return c.empty(); }
            T &front() { return c.front(); }
            T &back() { return c.back(); }
            void push(const T &v) { c.push_back(v); }
            template <class A> void emplace(const A &a) { c.push_back(T(a)); }
            void pop() { c.pop_front(); }
            void swap(queue &o) { S t = c; c = o.c; o.c = t; }
        };
        // push and pop as libstdc++ does, through push_heap and pop_heap: top() and the order of
        // equal priorities are the same
        template <class T, class S = vector<T>, class C = less<T> > class priority_queue {
        public:
            typedef T value_type;
            typedef unsigned long size_type;
            S c;
            C comp;
            ~priority_queue() {} // c is destroyed after it
            priority_queue() {}
            explicit priority_queue(const C &cmp) : comp(cmp) {}
            priority_queue(const T *first, const T *last) { for (; first != last; ++first) c.push_back(*first); make_heap(c.begin(), c.end(), comp); }
            unsigned long size() const { return c.size(); }
            bool empty() const { return c.empty(); }
            const T &top() const { return c.front(); }
            void push(const T &v) { c.push_back(v); push_heap(c.begin(), c.end(), comp); }
            template <class A> void emplace(const A &a) { push(T(a)); }
            template <class A, class B> void emplace(const A &a, const B &b) { push(T(a, b)); }
            void pop() { pop_heap(c.begin(), c.end(), comp); c.pop_back(); }
        };
        }
        """;

    static final String STACK = """
        #pragma once
        #include <deque>
        namespace std {
        template <class T, class S = deque<T> > class stack {
        public:
            typedef T value_type;
            typedef unsigned long size_type;
            S c;
            ~stack() {} // c is destroyed after it
            unsigned long size() const { return c.size(); }
            bool empty() const { return c.empty(); }
            T &top() { return c.back(); }
            void push(const T &v) { c.push_back(v); }
            template <class A> void emplace(const A &a) { c.push_back(T(a)); }
            void pop() { c.pop_back(); }
        };
        }
        """;
}
