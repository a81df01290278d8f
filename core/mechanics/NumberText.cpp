#include "mechanics/NumberText.h"

#include <sstream>

namespace impactlab {

std::string formatNumber(double x, int digits) {
    std::ostringstream os;
    os.precision(digits);
    os << x;
    return os.str();
}

}  // namespace impactlab
