#include <bitset>
#include <iostream>
#include <string>
#include <stdexcept>
#include <sstream>
#include <cstdio>
int main() {
    std::bitset<8> a(0b10110010);
    std::bitset<8> b(std::string("01010101"));
    std::bitset<16> c("1100");
    std::cout << a << " " << b << " " << c << "\n";
    std::cout << (a & b) << " " << (a | b) << " " << (a ^ b) << " " << ~a << "\n";
    std::cout << (a << 3) << " " << (a >> 2) << "\n";
    std::cout << a.count() << " " << a.size() << " " << a.any() << " " << a.none() << " " << a.all() << "\n";
    a.set(0); a.reset(7); a.flip(1);
    std::cout << a << " " << a.test(0) << " " << a[4] << "\n";
    a[6] = true; a[5] = a[0]; a[0].flip();
    std::cout << a << " " << a.to_ulong() << " " << a.to_string() << " " << a.to_string('.', '#') << "\n";
    std::bitset<70> big; big.set(); std::cout << big.count() << " " << big.all() << "\n";
    big.reset(); big.set(69); big.set(3); std::cout << big << " " << (big >> 66) << "\n";
    std::bitset<4> f; f.flip(); std::cout << f << " " << f.all() << " " << (f == std::bitset<4>(15)) << "\n";
    a &= b; a |= std::bitset<8>(1); a ^= std::bitset<8>(0x80); a <<= 1; a >>= 2;
    std::cout << a << " " << a.to_ullong() << "\n";
    try { a.test(9); } catch (const std::out_of_range& e) { std::cout << "out_of_range: " << e.what() << "\n"; }
    try { std::bitset<4> bad(std::string("10x1")); } catch (const std::invalid_argument& e) { std::cout << "invalid_argument: " << e.what() << "\n"; }
    try { big.to_ulong(); } catch (const std::overflow_error& e) { std::cout << "overflow_error: " << e.what() << "\n"; }
    try { std::bitset<4> s(std::string("10"), 5); } catch (const std::out_of_range& e) { std::cout << "out_of_range: " << e.what() << "\n"; }
    std::bitset<8> d(std::string("xx1101"), 2, 3); std::cout << d << "\n";
    std::bitset<8> e(std::string("ab"), 0, std::string::npos, 'a', 'b'); std::cout << e << "\n";
    std::bitset<3> g(0xff); std::cout << g << "\n";
    std::bitset<8> h("1010101010101"); std::cout << h << "\n";
    std::istringstream in("  1101x 2"); std::bitset<8> i, j; in >> i; std::cout << i << " " << i.count() << " " << in.good() << "\n"; in.get(); in >> j; std::cout << j << " " << in.fail() << "\n";
    const std::bitset<8> k(5); std::cout << k[0] << k[1] << k[2] << "\n";
    printf("%zu %zu\n", sizeof(std::bitset<8>), sizeof(std::bitset<70>));
    // the sieve of Eratosthenes, the classic bitset program
    const int N = 100;
    std::bitset<N + 1> composite;
    composite.set(0); composite.set(1);
    for (int p = 2; p * p <= N; ++p)
        if (!composite[p])
            for (int m = p * p; m <= N; m += p) composite[m] = true;
    std::cout << "primes up to " << N << ": " << (N + 1 - composite.count()) << "\n";
    // permission flags
    enum { READ, WRITE, EXEC };
    std::bitset<3> perms;
    perms.set(READ).set(EXEC);
    std::cout << "perms " << perms << (perms.test(WRITE) ? " writable" : " read-only") << "\n";
    // every subset of three items
    const char *items[] = {"a", "b", "c"};
    for (unsigned long m = 0; m < 8; ++m) {
        std::bitset<3> s(m);
        std::cout << "{";
        for (size_t k = 0; k < s.size(); ++k) if (s[k]) std::cout << items[k];
        std::cout << "}" << (m == 7 ? "\n" : " ");
    }
    std::cout << std::bitset<32>(0xCAFEu).to_string().substr(16) << " " << std::bitset<16>(std::string("1111000011110000")).to_ulong() << "\n";
}
