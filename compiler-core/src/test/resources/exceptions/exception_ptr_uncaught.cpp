// rethrow_exception of an exception nobody catches terminates with its type and what()
#include <cstdio>
#include <exception>
#include <stdexcept>
int main()
{
    std::exception_ptr p;
    try {
        throw std::out_of_range("index 7");
    } catch (...) {
        p = std::current_exception();
    }
    printf("saved\n");
    fflush(stdout);
    std::rethrow_exception(p);
}
