// std::string and std::string_view as programs use them; expected output from g++ 12 / libstdc++.
#include <iostream>
#include <string>
#include <string_view>
#include <cstdio>

static void show(const char *what, std::string::size_type v)
{
    if (v == std::string::npos) std::cout << what << " npos\n";
    else std::cout << what << ' ' << v << '\n';
}

static std::string joined(const std::string &sep, const std::string *parts, int n)
{
    std::string r;
    for (int i = 0; i < n; ++i) {
        if (i) r += sep;
        r += parts[i];
    }
    return r;
}

int main()
{
    std::string s = "the quick brown fox jumps over the lazy dog";
    show("find the", s.find("the"));
    show("find the 1", s.find("the", 1));
    show("find z", s.find('z'));
    show("find cat", s.find("cat"));
    show("rfind the", s.rfind("the"));
    show("rfind o", s.rfind('o'));
    show("rfind o 20", s.rfind('o', 20));
    show("find_first_of aeiou", s.find_first_of("aeiou"));
    show("find_last_of aeiou", s.find_last_of("aeiou"));
    show("find_first_not_of the ", s.find_first_not_of("the "));
    show("find_last_not_of god", s.find_last_not_of("god"));
    show("find empty", s.find(""));
    std::cout << s.substr(4, 5) << '|' << s.substr(40) << '|' << s.substr(s.size()) << "|\n";

    std::string t = "Hello";
    t += ", ";
    t += std::string("World");
    t.push_back('!');
    std::cout << t << ' ' << t.size() << ' ' << t.length() << ' ' << t.front() << t.back() << '\n';
    t.insert(5, " there");
    std::cout << t << '\n';
    t.erase(5, 6);
    std::cout << t << '\n';
    t.replace(0, 5, "Goodbye");
    std::cout << t << '\n';
    t.pop_back();
    t.append(3, '?');
    std::cout << t << '\n';
    t.resize(7);
    std::cout << '[' << t << "] " << t.empty() << '\n';
    t.clear();
    std::cout << '[' << t << "] " << t.empty() << '\n';

    std::string a = "apple", b = "banana", c = "apple";
    std::cout << (a == c) << (a != b) << (a < b) << (b > a) << (a <= c) << (a >= b) << (a == "apple") << ("apple" == a) << '\n';
    std::cout << (a.compare(b) < 0) << ' ' << (b.compare(a) > 0) << ' ' << a.compare(c) << '\n';
    std::string up = a;
    for (char &ch : up) ch = ch - 'a' + 'A';
    std::cout << up << ' ' << a << '\n';
    std::string rev;
    for (std::string::size_type i = a.size(); i > 0; --i) rev += a[i - 1];
    std::cout << rev << ' ' << std::string(5, '*') << ' ' << std::string("abcdef", 3) << ' ' << std::string(b, 2, 3) << '\n';
    std::string parts[] = {"x", "yy", "zzz"};
    std::cout << joined(", ", parts, 3) << ' ' << "pre" + a + '-' + b + "post" << '\n';

    std::cout << std::to_string(42) << ' ' << std::to_string(-7L) << ' ' << std::to_string(123456789012LL) << ' '
              << std::to_string(4000000000u) << ' ' << std::to_string(18446744073709551615ull) << ' '
              << std::to_string(1.5) << ' ' << std::to_string(-0.1f) << ' ' << std::to_string(1e20) << ' '
              << std::to_string(3.14159265) << '\n';
    std::size_t pos = 0;
    int i1 = std::stoi("  -123abc", &pos);
    std::cout << i1 << " pos " << pos << ' ' << std::stoi("ff", 0, 16) << ' ' << std::stoi("0x1A", 0, 16) << ' '
              << std::stoi("0755", 0, 0) << ' ' << std::stoi("101", 0, 2) << ' ' << std::stol("-9000000000") << ' '
              << std::stoul("4294967296") << ' ' << std::stoll("9223372036854775807") << ' ' << std::stoull("18446744073709551615") << '\n';
    double d = std::stod("2.5e3xyz", &pos);
    std::cout << d << " pos " << pos << ' ' << std::stof("0.125") << ' ' << std::stod("-1e-3") << '\n';

    std::string_view sv = "hello, view";
    std::string_view sub = sv.substr(7);
    std::cout << sv << ' ' << sv.size() << ' ' << sub << ' ' << sub.size() << ' ' << (sv.find("view") == 7) << ' '
              << (sub == "view") << ' ' << sv.starts_with("hell") << sv.ends_with("x") << '\n';
    std::string fromView(sub);
    fromView += "ed";
    std::cout << fromView << ' ' << s.c_str()[4] << ' ' << (int)s.data()[0] << '\n';
    int words = 0;
    for (std::string::size_type p = 0; p != std::string::npos; p = s.find(' ', p + 1)) ++words;
    std::cout << "words " << words << '\n';
    return 0;
}
