package webcu.frontend;

/**
 * <map> and <set>: map, multimap, set and multiset, iterated in key order as libstdc++'s are
 * (equal keys of the multi containers in insertion order).
 */
final class TreeHeaders {
    private TreeHeaders() {}

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
