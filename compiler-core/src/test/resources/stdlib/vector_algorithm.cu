#include <cstdio>
#include <vector>
#include <algorithm>
#include <numeric>
struct Item { int key; int id; };
struct ByKey { bool operator()(const Item &a, const Item &b) const { return a.key < b.key; } };
static unsigned lcg(unsigned &s) { s = s * 1103515245u + 12345u; return (s >> 16) & 0x7fff; }
int main() {
    unsigned seed = 7;
    std::vector<Item> items;
    for (int i = 0; i < 100; ++i) { Item it; it.key = lcg(seed) % 10; it.id = i; items.push_back(it); }
    std::sort(items.begin(), items.end(), ByKey());
    for (size_t i = 0; i < items.size(); ++i) printf("%d:%d ", items[i].key, items[i].id);
    printf("\n");
    std::vector<Item> st = items;
    for (int i = 0; i < 100; ++i) { st[i].key = lcg(seed) % 7; }
    std::stable_sort(st.begin(), st.end(), [](const Item &a, const Item &b) { return a.key < b.key; });
    for (size_t i = 0; i < st.size(); ++i) printf("%d:%d ", st[i].key, st[i].id);
    printf("\n");
    std::vector<int> v;
    for (int i = 0; i < 40; ++i) v.push_back(lcg(seed) % 1000);
    std::vector<int> w(v);
    std::sort(w.begin(), w.end());
    for (int x : w) printf("%d ", x);
    printf("\n");
    std::sort(w.begin(), w.end(), [](int a, int b) { return a > b; });
    printf("%d %d\n", w.front(), w.back());
    std::vector<int> h(v);
    std::make_heap(h.begin(), h.end());
    for (int x : h) printf("%d ", x);
    printf("\n");
    std::partial_sort(v.begin(), v.begin() + 10, v.end());
    for (int x : v) printf("%d ", x);
    printf("\n");
    std::nth_element(h.begin(), h.begin() + 20, h.end());
    for (int x : h) printf("%d ", x);
    printf("\ncap:");
    std::vector<int> c;
    for (int i = 0; i < 20; ++i) { c.push_back(i); printf(" %zu", c.capacity()); }
    c.insert(c.begin() + 3, 99);
    c.erase(c.begin() + 5, c.begin() + 8);
    printf("\n%zu %zu %d %d\n", c.size(), c.capacity(), c[3], c[5]);
    printf("%d %ld %d\n", std::accumulate(c.begin(), c.end(), 0), std::count_if(c.begin(), c.end(), [](int x) { return x % 2 == 0; }), *std::max_element(c.begin(), c.end()));
    auto lb = std::lower_bound(w.begin(), w.end(), 500, [](int a, int b) { return a > b; });
    printf("%ld\n", (long)(lb - w.begin()));
    int arr[6] = {3, 1, 2, 5, 4, 0};
    std::sort(arr, arr + 6);
    std::reverse(arr, arr + 6);
    printf("%d %d %d\n", arr[0], arr[5], std::min(3, 4));
    std::vector<int> p; p.push_back(1); p.push_back(2); p.push_back(3);
    do { printf("%d%d%d ", p[0], p[1], p[2]); } while (std::next_permutation(p.begin(), p.end()));
    printf("\n");
    std::vector<std::vector<int>> grid(3, std::vector<int>(4, 1));
    grid[1][2] = 7;
    printf("%zu %zu %d %d\n", grid.size(), grid[0].size(), grid[1][2], grid[2][2]);
    std::vector<int> u; for (int i = 0; i < 10; ++i) u.push_back(i / 3);
    u.erase(std::unique(u.begin(), u.end()), u.end());
    printf("%zu\n", u.size());
    std::vector<int> io(5); std::iota(io.begin(), io.end(), 10);
    printf("%d %d\n", io[0], io[4]);
    v.resize(3); v.resize(6, 42); printf("%d %d %zu\n", v[2], v[5], v.capacity());
    return 0;
}
