#pragma once
// Checks of single numbers for the validate() functions of the core's input
// types, below the JSON readers (io/JsonInput.h reads and checks in one step).
// Each throws InputError naming `field`.
#include <string>

#include "mechanics/Types.h"

namespace impactlab {

// "must be a finite number" unless x is finite.
void requireFinite(double x, const std::string& field);
// "must be a finite number" for each entry of a vector that is not.
void requireFinite(const Eigen::VectorXd& v, const std::string& field);
// "must be a finite number > 0, got <x>" unless x is finite and positive.
void requirePositive(double x, const std::string& field);
// "must be in [0, 1], got <x>" unless 0 <= x <= 1 (a coefficient of restitution).
void requireUnitInterval(double x, const std::string& field);

}  // namespace impactlab
