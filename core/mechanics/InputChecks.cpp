#include "mechanics/InputChecks.h"

#include "mechanics/NumberText.h"

namespace impactlab {

void requireFinite(double x, const std::string& field) {
    if (!std::isfinite(x)) throw InputError(field, "must be a finite number");
}

void requireFinite(const Eigen::VectorXd& v, const std::string& field) {
    if (!v.allFinite()) throw InputError(field, "must be finite");
}

void requirePositive(double x, const std::string& field) {
    if (!std::isfinite(x) || !(x > 0.0)) throw InputError(field, "must be a finite number > 0, got " + formatNumber(x));
}

void requireUnitInterval(double x, const std::string& field) {
    if (!(x >= 0.0 && x <= 1.0)) throw InputError(field, "must be in [0, 1], got " + formatNumber(x));
}

}  // namespace impactlab
