// Textbook-style error handling: a bounds-checked matrix, an account with a custom exception
// carrying data, input validation, cleanup with catch (...) and rethrow, and RAII objects.
#include <cstdio>
#include <cstring>
#include <cstdlib>
#include <stdexcept>
#include <string>

static int live = 0;

class Matrix {
public:
    int rows, cols;
    double *data;
    Matrix(int r, int c) : rows(r), cols(c), data(0) {
        if (r <= 0 || c <= 0) throw std::invalid_argument("Matrix: dimensions must be positive");
        data = (double *) calloc(r * c, sizeof(double));
        live++;
    }
    ~Matrix() {
        free(data);
        live--;
    }
    double &at(int i, int j) {
        if (i < 0 || i >= rows || j < 0 || j >= cols) throw std::out_of_range("Matrix::at: index out of range");
        return data[i * cols + j];
    }
};

class InsufficientFunds : public std::runtime_error {
public:
    double balance;
    double requested;
    InsufficientFunds(double b, double r) : std::runtime_error("insufficient funds"), balance(b), requested(r) {}
};

class Account {
public:
    double balance;
    Account(double b) : balance(b) {}
    void withdraw(double amount) {
        if (amount <= 0) throw std::domain_error("withdraw: amount must be positive");
        if (amount > balance) throw InsufficientFunds(balance, amount);
        balance -= amount;
    }
};

int parsePositive(const char *s) {
    if (s == 0 || *s == 0) throw std::invalid_argument("empty input");
    int v = 0;
    for (const char *p = s; *p; p++) {
        if (*p < '0' || *p > '9') throw std::invalid_argument(std::string("not a number: ") + s);
        v = v * 10 + (*p - '0');
        if (v > 100000) throw std::overflow_error("value too large");
    }
    return v;
}

double trace(int n) {
    Matrix m(n, n);
    for (int i = 0; i < n; i++) m.at(i, i) = i + 0.5;
    double t = 0;
    for (int i = 0; i <= n; i++) t += m.at(i, i); // one past the end: throws
    return t;
}

void transfer(Account &from, Account &to, double amount) {
    try {
        from.withdraw(amount);
        to.balance += amount;
    } catch (...) {
        printf("  transfer of %.2f failed, nothing moved\n", amount);
        throw;
    }
}

int main() {
    const char *inputs[] = {"42", "", "12a", "99999999", "7"};
    int sum = 0;
    for (int i = 0; i < 5; i++) {
        try {
            int v = parsePositive(inputs[i]);
            sum += v;
            printf("parsed %d\n", v);
        } catch (const std::invalid_argument &e) {
            printf("invalid: %s\n", e.what());
        } catch (const std::exception &e) {
            printf("other error: %s\n", e.what());
        }
    }
    printf("sum = %d\n", sum);

    try {
        printf("trace = %f\n", trace(4));
    } catch (const std::out_of_range &e) {
        printf("%s (live matrices: %d)\n", e.what(), live);
    }
    try {
        Matrix bad(0, 3);
    } catch (const std::invalid_argument &e) {
        printf("%s (live matrices: %d)\n", e.what(), live);
    }

    Account a(100), b(20);
    double amounts[] = {30, -5, 500, 70};
    for (int i = 0; i < 4; i++) {
        try {
            transfer(a, b, amounts[i]);
            printf("moved %.2f: a=%.2f b=%.2f\n", amounts[i], a.balance, b.balance);
        } catch (const InsufficientFunds &e) {
            printf("%s: balance %.2f, requested %.2f\n", e.what(), e.balance, e.requested);
        } catch (const std::logic_error &e) {
            printf("logic error: %s\n", e.what());
        }
    }
    int attempts = 0;
    while (true) {
        try {
            attempts++;
            if (attempts < 3) throw attempts;
            break;
        } catch (int n) {
            printf("attempt %d failed, retrying\n", n);
        }
    }
    printf("succeeded after %d attempts\n", attempts);
    return 0;
}
