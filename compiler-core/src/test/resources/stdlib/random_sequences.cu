#include <cstdio>
#include <random>
#include <vector>
#include <algorithm>
int main() {
    std::mt19937 gen(42);
    for (int i = 0; i < 5; ++i) printf("%lu ", (unsigned long)gen());
    printf("\n");
    std::mt19937 def;
    def.discard(9999);
    printf("%lu\n", (unsigned long)def());
    std::mt19937_64 g64(12345);
    for (int i = 0; i < 3; ++i) printf("%lu ", (unsigned long)g64());
    printf("\n");
    std::mt19937_64 d64;
    d64.discard(9999);
    printf("%lu\n", (unsigned long)d64());
    std::default_random_engine dre;
    std::minstd_rand mr(7);
    for (int i = 0; i < 3; ++i) printf("%lu %lu ", (unsigned long)dre(), (unsigned long)mr());
    printf("\n");
    std::uniform_int_distribution<int> d6(1, 6);
    std::uniform_int_distribution<int> big(-1000000, 1000000);
    std::uniform_int_distribution<long> huge(0, 100000000000L);
    std::uniform_int_distribution<unsigned> full;
    for (int i = 0; i < 10; ++i) printf("%d ", d6(gen));
    printf("\n");
    for (int i = 0; i < 4; ++i) { int x = big(gen); long y = huge(gen); unsigned z = full(gen); printf("%d %ld %u | ", x, y, z); }
    printf("\n");
    for (int i = 0; i < 4; ++i) { int x = d6(g64); long y = huge(g64); printf("%d %ld ", x, y); }
    printf("\n");
    for (int i = 0; i < 6; ++i) printf("%d ", d6(dre));
    printf("\n");
    std::uniform_real_distribution<double> ur(-1.0, 1.0);
    std::uniform_real_distribution<float> uf(0.0f, 10.0f);
    for (int i = 0; i < 4; ++i) { double x = ur(gen); float y = uf(gen); printf("%.17g %.9g ", x, y); }
    printf("\n");
    for (int i = 0; i < 3; ++i) { double x = ur(dre); float y = uf(dre); printf("%.17g %.9g ", x, y); }
    printf("\n");
    for (int i = 0; i < 3; ++i) printf("%.17g ", ur(g64));
    printf("\n");
    std::normal_distribution<double> nd(5.0, 2.0);
    std::normal_distribution<float> nf;
    for (int i = 0; i < 5; ++i) { double x = nd(gen); float y = nf(gen); printf("%.17g %.9g ", x, y); }
    printf("\n");
    for (int i = 0; i < 3; ++i) printf("%.17g ", nd(dre));
    printf("\n");
    std::bernoulli_distribution coin(0.3);
    for (int i = 0; i < 12; ++i) printf("%d", (int)coin(gen));
    printf("\n");
    std::vector<int> v;
    for (int i = 0; i < 20; ++i) v.push_back(i);
    std::shuffle(v.begin(), v.end(), gen);
    for (int x : v) printf("%d ", x);
    printf("\n");
    std::vector<int> w(v);
    std::shuffle(w.begin(), w.end(), dre);
    for (int x : w) printf("%d ", x);
    printf("\n");
    int a[7] = {1, 2, 3, 4, 5, 6, 7};
    std::shuffle(a, a + 7, g64);
    for (int x : a) printf("%d ", x);
    printf("\n");
    std::mt19937 s1(1), s2(2);
    s2.seed(1);
    int same = s1() == s2(); double gc = std::generate_canonical<double, 53>(s1); printf("%d %.17g\n", same, gc);
    return 0;
}
