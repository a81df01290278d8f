#pragma once
// What an input refusal says, for the suites that check that bad input is
// refused with a clear error naming its field.
#include <functional>
#include <string>

#include "mechanics/Types.h"

namespace impactlab::test {

// The field the InputError thrown by `f` names, or "no error".
inline std::string getFieldOf(const std::function<void()>& f) {
    try {
        f();
    } catch (const InputError& e) {
        return e.field();
    }
    return "no error";
}

// The whole message of the InputError `f` throws ("field: reason"), or
// "no error".
inline std::string getRefusalOf(const std::function<void()>& f) {
    try {
        f();
    } catch (const InputError& e) {
        return e.what();
    }
    return "no error";
}

}  // namespace impactlab::test
