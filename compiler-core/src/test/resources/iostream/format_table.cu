// The iostream formatting table: values x flags x precision x width, printed through std::cout
// (straight to stdout) and through an ostringstream (the buffer path). The .expected file is
// this program's output under g++ 12 and libstdc++ on Linux.
#include <iostream>
#include <iomanip>
#include <sstream>
#include <string>

static const std::ios_base::fmtflags floatFlags[] = {
    std::ios::fmtflags(0),
    std::ios::fixed,
    std::ios::scientific,
    std::ios::fixed | std::ios::scientific,
    std::ios::showpoint,
    std::ios::showpos,
    std::ios::scientific | std::ios::uppercase,
    std::ios::fixed | std::ios::showpoint | std::ios::showpos,
    std::ios::uppercase,
    std::ios::left,
    std::ios::internal | std::ios::showpos,
    std::ios::internal | std::ios::fixed | std::ios::scientific,
};
static const char *floatNames[] = {
    "default", "fixed", "scientific", "hexfloat", "showpoint", "showpos", "SCI", "fixed+point+pos",
    "uppercase", "left", "internal+pos", "internal+hexfloat",
};

static const std::ios_base::fmtflags intFlags[] = {
    std::ios::dec,
    std::ios::hex,
    std::ios::oct,
    std::ios::hex | std::ios::showbase,
    std::ios::oct | std::ios::showbase,
    std::ios::hex | std::ios::showbase | std::ios::uppercase,
    std::ios::dec | std::ios::showpos,
    std::ios::dec | std::ios::left,
    std::ios::dec | std::ios::internal | std::ios::showpos,
    std::ios::hex | std::ios::internal | std::ios::showbase,
};
static const char *intNames[] = {
    "dec", "hex", "oct", "hex+base", "oct+base", "HEX+base", "showpos", "left", "internal+pos", "internal+hex+base",
};

template <class T> void intRow(std::ostream &os, const char *type, T v)
{
    for (int f = 0; f < 10; ++f) {
        for (int w = 0; w <= 12; w += 12) {
            os.flags(intFlags[f]);
            os << type << ' ' << intNames[f] << " w" << w << " [";
            os << std::setw(w) << v;
            os.flags(std::ios::dec | std::ios::skipws);
            os << "]\n";
        }
    }
}

void table(std::ostream &os)
{
    const double values[] = {0.0, 1.0, -1.5, 3.14159265358979, 1e-5, 0.0001, 123456.0, 1234567.0, 123456789.0,
                             1e21, -2.5e-7, 100.0, 0.5, 2.0 / 3.0, 1e300 * 1e10, -1e300 * 1e10, 5e-324, 9.999999e5};
    const int precisions[] = {0, 1, 3, 6, 10, 17};
    for (int v = 0; v < 18; ++v) {
        for (int f = 0; f < 12; ++f) {
            for (int p = 0; p < 6; ++p) {
                os.flags(floatFlags[f]);
                os.precision(precisions[p]);
                os << "double " << v << ' ' << floatNames[f] << " p" << precisions[p] << " [";
                os << std::setw(f % 3 == 0 ? 0 : 14) << std::setfill(f == 9 ? '_' : ' ') << values[v];
                os.flags(std::ios::dec | std::ios::skipws);
                os << std::setfill(' ') << "]\n";
            }
        }
    }
    os.precision(6);
    const float fv[] = {0.1f, 1.0f / 3.0f, 16777217.0f, -0.0f, 3.4e38f};
    for (int i = 0; i < 5; ++i) os << "float " << i << " [" << fv[i] << "] [" << std::fixed << fv[i] << std::defaultfloat << "]\n";
    intRow(os, "int", 0);
    intRow(os, "int", 42);
    intRow(os, "int", -42);
    intRow(os, "int", 2147483647);
    intRow(os, "int", -2147483647 - 1);
    intRow(os, "short", (short)-1);
    intRow(os, "ushort", (unsigned short)65535);
    intRow(os, "uint", 4000000000u);
    intRow(os, "long", -9223372036854775807L - 1);
    intRow(os, "ulong", 18446744073709551615ul);
    intRow(os, "llong", 1234567890123LL);
    os << "bool [" << true << "] [" << false << "] [" << std::boolalpha << true << "] [" << std::setw(7) << false
       << "] [" << std::left << std::setw(7) << true << std::right << "]" << std::noboolalpha << "\n";
    os << "char [" << 'A' << "] [" << std::setw(4) << 'B' << "] [" << std::left << std::setw(4) << 'C' << std::right
       << "] [" << (signed char)'D' << "] [" << (unsigned char)'E' << "] [" << std::setfill('.') << std::setw(5) << "str"
       << std::setfill(' ') << "]\n";
    os << "string [" << std::string("abc") << "] [" << std::setw(6) << std::string("de") << "] [" << std::internal
       << std::setw(6) << "int" << std::right << "]\n";
    os << "showpos bool/char [" << std::showpos << true << ' ' << 'x' << ' ' << 0 << ' ' << 7u << ' ' << 0.0 << std::noshowpos << "]\n";
    os << "setbase [" << std::setbase(16) << 255 << ' ' << std::setbase(8) << 8 << ' ' << std::setbase(10) << 10 << "]\n";
    os << "precision(0) general [" << std::setprecision(0) << 1234.5 << ' ' << 0.5 << ' ' << 1.5 << "]" << std::setprecision(6) << "\n";
    os << "nullptr pointer [" << (void *)0 << "] [" << (int *)0 << "]\n";
}

int main()
{
    table(std::cout);
    std::ostringstream ss;
    table(ss);
    std::string s = ss.str();
    std::cout << "--- through ostringstream: " << s.size() << " bytes\n" << s;
    return 0;
}
