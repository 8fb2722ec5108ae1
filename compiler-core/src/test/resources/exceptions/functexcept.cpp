// The library's error functions throw the std exception they name (vector::at, stoi ... use them).
#include <cstdio>
#include <stdexcept>
#include <new>
#include <__webcu_functexcept.h>

static int caught = 0;

template <class E>
void expect(int which, const char *label) {
    try {
        switch (which) {
        case 0: std::__throw_logic_error("logic"); break;
        case 1: std::__throw_invalid_argument("stoi"); break;
        case 2: std::__throw_out_of_range("vector::_M_range_check"); break;
        case 3: std::__throw_length_error("vector::reserve"); break;
        case 4: std::__throw_runtime_error("runtime"); break;
        case 5: std::__throw_overflow_error("overflow"); break;
        case 6: std::__throw_range_error("range"); break;
        case 7: std::__throw_bad_alloc(); break;
        case 8: std::__throw_domain_error("domain"); break;
        case 9: std::__throw_underflow_error("underflow"); break;
        }
        printf("%s: nothing thrown\n", label);
    } catch (const E &e) {
        caught++;
        printf("%s: %s\n", label, e.what());
    } catch (const std::exception &e) {
        printf("%s: wrong type, %s\n", label, e.what());
    }
}

int main() {
    expect<std::logic_error>(0, "logic_error");
    expect<std::invalid_argument>(1, "invalid_argument");
    expect<std::out_of_range>(2, "out_of_range");
    expect<std::length_error>(3, "length_error");
    expect<std::runtime_error>(4, "runtime_error");
    expect<std::overflow_error>(5, "overflow_error");
    expect<std::range_error>(6, "range_error");
    expect<std::bad_alloc>(7, "bad_alloc");
    expect<std::domain_error>(8, "domain_error");
    expect<std::underflow_error>(9, "underflow_error");
    expect<std::logic_error>(2, "out_of_range as logic_error");
    expect<std::runtime_error>(5, "overflow_error as runtime_error");
    expect<std::runtime_error>(2, "out_of_range as runtime_error");
    printf("caught %d\n", caught);
    return 0;
}
