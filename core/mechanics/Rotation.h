#pragma once
// The least rotation taking one direction to another, compiled once. Eigen's
// Quaternion::FromTwoVectors instantiates a 2x3 JacobiSVD (for the
// antiparallel case) wherever it is called: about 7 s of compile time in each
// file that used it, five files in all.
#include "mechanics/Types.h"

namespace impactlab {

// The rotation R of least angle with R from/|from| = to/|to| (any rotation by
// pi about an axis normal to `from` when the two are opposite). Both must be
// non-zero.
Mat3 calcRotationTaking(const Vec3& from, const Vec3& to);

}  // namespace impactlab
