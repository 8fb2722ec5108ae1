#include <cstdio>
#include <string>
#include <unordered_map>
#include <unordered_set>
int main() {
    std::unordered_map<int, int> m;
    for (int i = 0; i < 40; ++i) { m[(i * 37) % 101] = i; if (i % 7 == 0) printf("[%zu %zu] ", m.size(), m.bucket_count()); }
    printf("\n");
    for (auto &kv : m) printf("%d:%d ", kv.first, kv.second);
    printf("\n");
    m.erase(37); m.erase(0); m.erase(999);
    for (auto it = m.begin(); it != m.end(); ++it) printf("%d ", it->first);
    printf("\n%zu %d %zu\n", m.count(74), m.at(74), m.bucket(74));
    std::unordered_set<int> s;
    int vals[] = {5, 3, 17, 29, 3, 100, 13, 42, 0, -1, 26, 1000, 58};
    for (int v : vals) s.insert(v);
    for (int v : s) printf("%d ", v);
    printf("| %zu %zu\n", s.size(), s.bucket_count());
    std::unordered_map<std::string, int> wc;
    const char *words[] = {"the", "quick", "brown", "fox", "jumps", "over", "the", "lazy", "dog", "and", "the", "cat", "a", "b", "cc", "quick"};
    for (const char *w : words) wc[std::string(w)]++;
    for (auto &kv : wc) printf("%s=%d ", kv.first.c_str(), kv.second);
    printf("\n");
    std::unordered_map<long, double> big;
    for (long i = 0; i < 300; ++i) big[i * i] = i * 0.5;
    long sum = 0; int k = 0;
    for (auto &kv : big) { if (k++ < 12) printf("%ld ", kv.first); sum += kv.first; }
    printf("| %ld %zu\n", sum, big.bucket_count());
    std::unordered_map<int, int> copy = m;
    for (auto &kv : copy) printf("%d ", kv.first);
    printf("\n");
    std::unordered_set<double> ds;
    ds.insert(1.5); ds.insert(2.25); ds.insert(0.0); ds.insert(-3.0);
    for (double d : ds) printf("%g ", d);
    printf("\n");
    std::unordered_map<int, int> r;
    r.reserve(100);
    for (int i = 0; i < 10; ++i) r[i * 11] = i;
    for (auto &kv : r) printf("%d ", kv.first);
    printf("| %zu\n", r.bucket_count());
    return 0;
}
