// helper_functions.h style: small host utilities used by the samples.
#ifndef COMMON_HELPER_FUNCTIONS_H_
#define COMMON_HELPER_FUNCTIONS_H_
#include <cmath>

#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define MIN(a, b) ((a) < (b) ? (a) : (b))

inline bool compareData(const float *reference, const float *data, const unsigned int len, const float epsilon)
{
    bool result = true;
    unsigned int errors = 0;
    for (unsigned int i = 0; i < len; ++i) {
        float diff = reference[i] - data[i];
        bool comp = (diff <= epsilon) && (diff >= -epsilon);
        result &= comp;
        errors += !comp;
    }
    return result && errors == 0;
}
#endif
