// Stream input, stream state, string streams and user inserters, written as textbook and
// tutorial programs use them; expected output from g++ 12 / libstdc++ (stdin empty).
#include <iostream>
#include <iomanip>
#include <sstream>
#include <string>
#include <cstdio>

struct Vec3 {
    float x, y, z;
};

std::ostream &operator<<(std::ostream &os, const Vec3 &v)
{
    return os << '(' << v.x << ", " << v.y << ", " << v.z << ')';
}

class Matrix {
public:
    Matrix(int r, int c) : rows(r), cols(c) {}
    friend std::ostream &operator<<(std::ostream &os, const Matrix &m)
    {
        for (int i = 0; i < m.rows; ++i) {
            for (int j = 0; j < m.cols; ++j) os << std::setw(6) << std::fixed << std::setprecision(2) << (i * m.cols + j) * 0.5;
            os << '\n';
        }
        os.unsetf(std::ios::floatfield);
        return os;
    }

private:
    int rows, cols;
};

static void report(std::ostream &out, const std::string &name, double value)
{
    out << std::left << std::setw(10) << name << std::right << std::setw(12) << value << '\n';
}

static std::string describe(std::istream &in)
{
    std::ostringstream os;
    os << "good=" << in.good() << " eof=" << in.eof() << " fail=" << in.fail() << " bad=" << in.bad();
    return os.str();
}

int main()
{
    Vec3 v = {1.5f, -2.0f, 0.1f};
    std::cout << "v = " << v << ", twice: " << v << v << std::endl;
    std::cout << Matrix(2, 3);
    std::cout << 0.1 + 0.2 << ' ' << 1.0 / 3.0 << '\n';

    std::ostringstream table;
    report(table, "alpha", 1.25);
    report(table, "beta", -1e-9);
    report(std::cout, "gamma", 12345678.9);
    std::cout << table.str();

    std::istringstream in("42 3.5 word -7 0x1f\nsecond line here\n  third\n");
    int i;
    double d;
    std::string w;
    in >> i >> d >> w;
    std::cout << i << '|' << d << '|' << w << '|' << describe(in) << '\n';
    int neg;
    std::string hexText;
    in >> neg >> hexText;
    std::cout << neg << ' ' << hexText << '\n';
    std::string rest;
    std::getline(in, rest);
    std::cout << "rest of line: [" << rest << "]\n";
    std::getline(in, rest);
    std::cout << "next line: [" << rest << "]\n";
    in >> std::ws;
    std::getline(in, rest);
    std::cout << "after ws: [" << rest << "] " << describe(in) << '\n';
    std::getline(in, rest);
    std::cout << "at end: [" << rest << "] " << describe(in) << '\n';

    std::istringstream bad("12abc");
    int x = -1, y = -1;
    bad >> x >> y;
    std::cout << x << ' ' << y << ' ' << describe(bad) << '\n';
    bad.clear();
    std::string tail;
    bad >> tail;
    std::cout << tail << ' ' << describe(bad) << '\n';

    std::istringstream nums("10 20 30 forty 50");
    int sum = 0, n;
    while (nums >> n) sum += n;
    std::cout << "sum " << sum << ' ' << describe(nums) << '\n';

    std::istringstream big("99999999999 -5 255");
    int small;
    unsigned u;
    big >> small;
    std::cout << small << ' ' << describe(big) << '\n';
    big.clear();
    big >> u;
    std::cout << u << '\n';
    big >> std::hex >> small;
    std::cout << small << '\n';

    std::istringstream csv("a,b,,c");
    std::string field;
    int count = 0;
    while (std::getline(csv, field, ',')) std::cout << ++count << ":[" << field << "] ";
    std::cout << '\n';

    std::stringstream ss;
    ss << 3 << ' ' << 4.5 << " end";
    int a;
    double b;
    std::string e;
    ss >> a >> b >> e;
    std::cout << a * b << ' ' << e << ' ' << ss.str() << '\n';
    ss.str("");
    ss.clear();
    ss << "reset " << 1;
    std::cout << ss.str() << '\n';

    std::istringstream chars("ab c");
    char c1, c2, c3;
    chars >> c1 >> c2 >> c3;
    std::cout << c1 << c2 << c3 << ' ' << chars.get() << ' ' << describe(chars) << '\n';
    std::istringstream raw("xyz");
    std::cout << (char)raw.peek() << (char)raw.get() << (char)raw.get() << ' ' << raw.gcount() << '\n';

    int fromStdin = 7;
    if (!(std::cin >> fromStdin)) std::cout << "no input: " << fromStdin << ' ' << describe(std::cin) << '\n';

    printf("printf and ");
    std::cout << "cout share stdout" << std::endl;
    std::cout << std::setprecision(3) << 3.14159 << ' ' << std::cout.precision() << ' ' << std::setw(5) << 1 << 2 << '\n';
    std::cout.precision(10);
    std::cout << 2.0 / 3.0 << '\n';
    std::cout.setf(std::ios::scientific, std::ios::floatfield);
    std::cout << 1234.5 << '\n';
    std::cout.unsetf(std::ios::floatfield);
    std::cout.width(8);
    std::cout.fill('0');
    std::cout << 42 << ' ' << std::cout.fill() << '\n';
    std::cerr << "done" << std::endl;
    return 0;
}
