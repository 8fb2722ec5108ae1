package webcu.frontend;

/**
 * <unordered_map> and <unordered_set> on one hash table with libstdc++'s bucket counts
 * (its prime list) and node order, so iteration order matches g++'s.
 */
final class HashHeaders {
    private HashHeaders() {}

    static final String HASHTABLE_PRIMES = """
        #pragma once
        #include <string>
        #include <__webcu_functional_base.h>
        namespace std {
        static inline unsigned long __hash_of(const string &s) { return __hash_bytes(s.data(), s.size(), 0xc70f6907UL); }
        // libstdc++'s __prime_list from 17 on (taken from _Prime_rehash_policy::_M_next_bkt), up to 2^32
        static const unsigned long __webcu_primes[] = {
            17UL, 19UL, 23UL, 29UL, 31UL, 37UL, 41UL, 43UL, 47UL, 53UL,
            59UL, 61UL, 67UL, 71UL, 73UL, 79UL, 83UL, 89UL, 97UL, 103UL,
            109UL, 113UL, 127UL, 137UL, 139UL, 149UL, 157UL, 167UL, 179UL, 193UL,
            199UL, 211UL, 227UL, 241UL, 257UL, 277UL, 293UL, 313UL, 337UL, 359UL,
            383UL, 409UL, 439UL, 467UL, 503UL, 541UL, 577UL, 619UL, 661UL, 709UL,
            761UL, 823UL, 887UL, 953UL, 1031UL, 1109UL, 1193UL, 1289UL, 1381UL, 1493UL,
            1613UL, 1741UL, 1879UL, 2029UL, 2179UL, 2357UL, 2549UL, 2753UL, 2971UL, 3209UL,
            3469UL, 3739UL, 4027UL, 4349UL, 4703UL, 5087UL, 5503UL, 5953UL, 6427UL, 6949UL,
            7517UL, 8123UL, 8783UL, 9497UL, 10273UL, 11113UL, 12011UL, 12983UL, 14033UL, 15173UL,
            16411UL, 17749UL, 19183UL, 20753UL, 22447UL, 24281UL, 26267UL, 28411UL, 30727UL, 33223UL,
            35933UL, 38873UL, 42043UL, 45481UL, 49201UL, 53201UL, 57557UL, 62233UL, 67307UL, 72817UL,
            78779UL, 85229UL, 92203UL, 99733UL, 107897UL, 116731UL, 126271UL, 136607UL, 147793UL, 159871UL,
            172933UL, 187091UL, 202409UL, 218971UL, 236897UL, 256279UL, 277261UL, 299951UL, 324503UL, 351061UL,
            379787UL, 410857UL, 444487UL, 480881UL, 520241UL, 562841UL, 608903UL, 658753UL, 712697UL, 771049UL,
            834181UL, 902483UL, 976369UL, 1056323UL, 1142821UL, 1236397UL, 1337629UL, 1447153UL, 1565659UL, 1693859UL,
            1832561UL, 1982627UL, 2144977UL, 2320627UL, 2510653UL, 2716249UL, 2938679UL, 3179303UL, 3439651UL, 3721303UL,
            4026031UL, 4355707UL, 4712381UL, 5098259UL, 5515729UL, 5967347UL, 6456007UL, 6984629UL, 7556579UL, 8175383UL,
            8844859UL, 9569143UL, 10352717UL, 11200489UL, 12117689UL, 13109983UL, 14183539UL, 15345007UL, 16601593UL, 17961079UL,
            19431899UL, 21023161UL, 22744717UL, 24607243UL, 26622317UL, 28802401UL, 31160981UL, 33712729UL, 36473443UL, 39460231UL,
            42691603UL, 46187573UL, 49969847UL, 54061849UL, 58488943UL, 63278561UL, 68460391UL, 74066549UL, 80131819UL, 86693767UL,
            93793069UL, 101473717UL, 109783337UL, 118773397UL, 128499677UL, 139022417UL, 150406843UL, 162723577UL, 176048909UL, 190465427UL,
            206062531UL, 222936881UL, 241193053UL, 260944219UL, 282312799UL, 305431229UL, 330442829UL, 357502601UL, 386778277UL, 418451333UL,
            452718089UL, 489790921UL, 529899637UL, 573292817UL, 620239453UL, 671030513UL, 725980837UL, 785430967UL, 849749479UL, 919334987UL,
            994618837UL, 1076067617UL, 1164186217UL, 1259520799UL, 1362662261UL, 1474249943UL, 1594975441UL, 1725587117UL, 1866894511UL, 2019773507UL,
            2185171673UL, 2364114217UL, 2557710269UL, 2767159799UL, 2993761039UL, 3238918481UL, 3504151727UL, 3791104843UL, 4101556399UL, 4294967291UL,
        };
        }
        """;

    /**
     * libstdc++'s _Hashtable for unique keys: one singly linked list of all nodes, each bucket
     * pointing at the node before its first; a new key goes to the front of its bucket, or to
     * the front of the list when its bucket is empty; buckets grow along the prime list
     * (13, 29, 59, …) when the size passes the bucket count. Iteration order is therefore
     * libstdc++'s, which programs print.
     */
    /**
     * unordered_map and unordered_set: one hash table as libstdc++ builds it (prime bucket counts,
     * one list through all buckets), differing in the element (a pair or the key itself) and in
     * the members only a map has.
     */
    private static String hashTable(String name, String params, String value, String keyOf, String members) {
        return HASH_TABLE.replace("$TPARAMS", params).replace("$NAME", name).replace("$VALUE", value).replace("$KEYOF", keyOf)
                .replace("$EXTRA", members);
    }

    private static final String HASH_MAP_MEMBERS = """
            T &operator[](const K &k) {
                __node *n = __find(k, H()(k));
                if (n) return n->v.second;
                bool ins;
                return __insert(pair<K, T>(k, T()), &ins)->v.second;
            }
            T &at(const K &k) const {
                __node *n = __find(k, H()(k));
                if (!n) __throw_out_of_range("unordered_map::at");
                return n->v.second;
            }
            pair<iterator, bool> emplace(const K &k, const T &v) { return insert(pair<K, T>(k, v)); }
            pair<iterator, bool> emplace(const pair<K, T> &v) { return insert(v); }
            pair<iterator, bool> insert_or_assign(const K &k, const T &v) { bool ins; __node *n = __insert(pair<K, T>(k, v), &ins); if (!ins) n->v.second = v; return pair<iterator, bool>(__it(n), ins); }
            pair<iterator, bool> try_emplace(const K &k, const T &v) { return insert(pair<K, T>(k, v)); }
            iterator emplace_hint(iterator hint, const K &k, const T &v) { return insert(pair<K, T>(k, v)).first; }
        """;

    private static final String HASH_SET_MEMBERS = """
            pair<iterator, bool> emplace(const K &k) { return insert(k); }
            iterator emplace_hint(iterator hint, const K &k) { return insert(k).first; }
        """;

    private static final String HASH_TABLE = """
        template <$TPARAMS> class $NAME {
        public:
            struct __node { __node *next; $VALUE v; unsigned long code; };
            struct iterator {
                __node *p;
                $VALUE &operator*() const { return p->v; }
                $VALUE *operator->() const { return &p->v; }
                iterator &operator++() { p = p->next; return *this; }
                iterator operator++(int) { iterator t = *this; p = p->next; return t; }
                bool operator==(const iterator &o) const { return p == o.p; }
                bool operator!=(const iterator &o) const { return p != o.p; }
            };
            static iterator __it(__node *n) { iterator i; i.p = n; return i; }
            typedef iterator const_iterator;
            typedef K key_type;
            typedef $VALUE value_type;
            typedef unsigned long size_type;
            __node **__b;          // per bucket: the node before its first node (or __bb)
            unsigned long __nb;    // bucket count; 0 is libstdc++'s single initial bucket
            unsigned long __n;
            unsigned long __next_resize;
            __node *__bb;          // before-begin: its next is the first node
            $NAME() : __b(0), __nb(0), __n(0), __next_resize(0), __bb(0) {}
            $NAME(const $NAME &o) : __b(0), __nb(0), __n(0), __next_resize(0), __bb(0) { __assign(o); }
            ~$NAME() { __free(); }
            $NAME &operator=(const $NAME &o) { if (this != &o) { __free(); __b = 0; __nb = 0; __n = 0; __next_resize = 0; __bb = 0; __assign(o); } return *this; }
            void __free() {
                __node *p = __bb ? __bb->next : 0;
                while (p) { __node *nx = p->next; __destroy_node_value(&p->v); free((void *)p); p = nx; }
                free((void *)__b);
                free((void *)__bb);
            }
            static const K &__key(const $VALUE &v) { return $KEYOF; }
            unsigned long __count() const { return __nb ? __nb : 1; }
            unsigned long __index(unsigned long code) const { return code % __count(); }
            void __init() {
                if (!__bb) __bb = (__node *)calloc(1, sizeof(__node));
                if (!__b) { __b = (__node **)calloc(1, sizeof(__node *)); }
            }
            // copies o's nodes in o's order into o's bucket count (libstdc++'s _M_assign)
            void __assign(const $NAME &o) {
                __init();
                if (o.__nb > 1 || o.__nb == 0) {
                    free((void *)__b);
                    __b = (__node **)calloc(o.__count(), sizeof(__node *));
                }
                __nb = o.__nb;
                __next_resize = o.__next_resize;
                __node *src = o.__bb ? o.__bb->next : 0;
                __node *prev = __bb;
                while (src) {
                    __node *n = (__node *)calloc(1, sizeof(__node));
                    __construct_node_value(&n->v, src->v);
                    n->code = src->code;
                    prev->next = n;
                    unsigned long bkt = __index(n->code);
                    if (!__b[bkt]) __b[bkt] = prev;
                    prev = n;
                    src = src->next;
                    ++__n;
                }
            }
            // _Prime_rehash_policy::_M_next_bkt
            unsigned long __next_bkt(unsigned long n) {
                static const unsigned char fast[14] = {2, 2, 2, 3, 5, 5, 7, 7, 11, 11, 11, 11, 13, 13};
                if (n < 14) {
                    if (n == 0) return 1;
                    __next_resize = fast[n];
                    return fast[n];
                }
                long lo = 0, len = (long)(sizeof(__webcu_primes) / sizeof(unsigned long)) - 1;
                while (len > 0) { long half = len >> 1; if (__webcu_primes[lo + half] < n) { lo = lo + half + 1; len = len - half - 1; } else len = half; }
                __next_resize = __webcu_primes[lo];
                return __webcu_primes[lo];
            }
            // _Prime_rehash_policy::_M_need_rehash with max_load_factor 1: 0 when no rehash is due
            unsigned long __need_rehash(unsigned long n_elt, unsigned long n_ins) {
                if (n_elt + n_ins > __next_resize) {
                    unsigned long want = n_elt + n_ins;
                    if (__next_resize == 0 && want < 11) want = 11;
                    double min_bkts = (double)want;
                    unsigned long n_bkt = __count();
                    if (min_bkts >= (double)n_bkt) {
                        unsigned long a = (unsigned long)min_bkts + 1, b = n_bkt * 2;
                        return __next_bkt(a > b ? a : b);
                    }
                    __next_resize = n_bkt;
                }
                return 0;
            }
            void __rehash(unsigned long n) {
                __init();
                __node **nb = (__node **)calloc(n, sizeof(__node *));
                __node *p = __bb->next;
                __bb->next = 0;
                unsigned long bbegin = 0;
                while (p) {
                    __node *next = p->next;
                    unsigned long bkt = p->code % n;
                    if (!nb[bkt]) {
                        p->next = __bb->next;
                        __bb->next = p;
                        nb[bkt] = __bb;
                        if (p->next) nb[bbegin] = p;
                        bbegin = bkt;
                    } else {
                        p->next = nb[bkt]->next;
                        nb[bkt]->next = p;
                    }
                    p = next;
                }
                free((void *)__b);
                __b = nb;
                __nb = n;
            }
            __node *__find(const K &k, unsigned long code) const {
                if (__n == 0) return 0;
                unsigned long bkt = __index(code);
                __node *prev = __b[bkt];
                if (!prev) return 0;
                for (__node *p = prev->next; p; p = p->next) {
                    if (p->code == code && E()(__key(p->v), k)) return p;
                    if (!p->next || __index(p->next->code) != bkt) break;
                }
                return 0;
            }
            // inserts v unless its key is there; returns the node holding the key
            __node *__insert(const $VALUE &v, bool *inserted) {
                __init();
                unsigned long code = H()(__key(v));
                __node *found = __find(__key(v), code);
                if (found) { *inserted = false; return found; }
                __node *n = (__node *)calloc(1, sizeof(__node));
                __construct_node_value(&n->v, v);
                n->code = code;
                unsigned long r = __need_rehash(__n, 1);
                if (r) __rehash(r);
                unsigned long bkt = __index(code);
                if (__b[bkt]) {
                    n->next = __b[bkt]->next;
                    __b[bkt]->next = n;
                } else {
                    n->next = __bb->next;
                    __bb->next = n;
                    if (n->next) __b[__index(n->next->code)] = n;
                    __b[bkt] = __bb;
                }
                ++__n;
                *inserted = true;
                return n;
            }
            void __erase_node(__node *n) {
                unsigned long bkt = __index(n->code);
                __node *prev = __b[bkt];
                while (prev->next != n) prev = prev->next;
                __node *next = n->next;
                if (prev == __b[bkt]) {
                    unsigned long next_bkt = next ? __index(next->code) : 0;
                    if (!next || next_bkt != bkt) {
                        if (next) __b[next_bkt] = __b[bkt];
                        if (__bb == __b[bkt]) __bb->next = next;
                        __b[bkt] = 0;
                    }
                } else if (next) {
                    unsigned long next_bkt = __index(next->code);
                    if (next_bkt != bkt) __b[next_bkt] = prev;
                }
                prev->next = next;
                __destroy_node_value(&n->v);
                free((void *)n);
                --__n;
            }
            iterator begin() const { return __it(__bb ? __bb->next : 0); }
            iterator end() const { return __it(0); }
            iterator cbegin() const { return begin(); }
            iterator cend() const { return end(); }
            unsigned long size() const { return __n; }
            bool empty() const { return __n == 0; }
            unsigned long bucket_count() const { return __count(); }
            unsigned long bucket(const K &k) const { return __index(H()(k)); }
            unsigned long bucket_size(unsigned long b) const {
                unsigned long c = 0;
                if (!__b || !__b[b]) return 0;
                for (__node *p = __b[b]->next; p && __index(p->code) == b; p = p->next) ++c;
                return c;
            }
            float load_factor() const { return (float)__n / (float)__count(); }
            float max_load_factor() const { return 1.0f; }
            void rehash(unsigned long n) {
                unsigned long need = __n + 1;
                if (n < need) n = need;
                unsigned long saved = __next_resize;
                n = __next_bkt(n);
                if (n != __count()) __rehash(n); else __next_resize = saved;
            }
            void reserve(unsigned long n) { rehash(n); }
            iterator find(const K &k) const { return __it(__find(k, H()(k))); }
            unsigned long count(const K &k) const { return __find(k, H()(k)) ? 1 : 0; }
            pair<iterator, iterator> equal_range(const K &k) const { iterator f = find(k); iterator l = f; if (f.p) ++l; return pair<iterator, iterator>(f, l); }
            bool contains(const K &k) const { return count(k) != 0; }
            pair<iterator, bool> insert(const $VALUE &v) { bool ins; __node *n = __insert(v, &ins); return pair<iterator, bool>(__it(n), ins); }
            void insert(const $VALUE *first, const $VALUE *last) { for (; first != last; ++first) insert(*first); }
            template <class I> void insert(I first, I last) { for (; first != last; ++first) insert(*first); }
            unsigned long erase(const K &k) { __node *n = __find(k, H()(k)); if (!n) return 0; __erase_node(n); return 1; }
            iterator erase(iterator it) { __node *next = it.p->next; __erase_node(it.p); return __it(next); }
            void clear() {
                __node *p = __bb ? __bb->next : 0;
                while (p) { __node *nx = p->next; __destroy_node_value(&p->v); free((void *)p); p = nx; }
                if (__bb) __bb->next = 0;
                if (__b) memset((void *)__b, 0, __count() * sizeof(__node *));
                __n = 0;
            }
            void swap($NAME &o) { $NAME t = *this; *this = o; o = t; }
        $EXTRA\
            $NAME(initializer_list<$VALUE > il) : __b(0), __nb(0), __n(0), __next_resize(0), __bb(0) { for (const $VALUE *p = il.begin(); p != il.end(); ++p) insert(*p); }
        };
        """;

    static final String UNORDERED_MAP = """
        #pragma once
        #include <cstdlib>
        #include <cstring>
        #include <utility>
        #include <initializer_list>
        #include <__webcu_functional_base.h>
        #include <__webcu_functexcept.h>
        #include <__webcu_hashtable_primes.h>
        namespace std {
        """
        + hashTable("unordered_map", "class K, class T, class H = hash<K>, class E = equal_to<K> ", "pair<K, T>", "v.first", HASH_MAP_MEMBERS)
        + "}\n";

    static final String UNORDERED_SET = """
        #pragma once
        #include <cstdlib>
        #include <cstring>
        #include <utility>
        #include <initializer_list>
        #include <__webcu_functional_base.h>
        #include <__webcu_functexcept.h>
        #include <__webcu_hashtable_primes.h>
        namespace std {
        """
        + hashTable("unordered_set", "class K, class H = hash<K>, class E = equal_to<K> ", "K", "v", HASH_SET_MEMBERS) + "}\n";
}
