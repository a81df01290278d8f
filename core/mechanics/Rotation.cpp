#include "mechanics/Rotation.h"

#include <Eigen/Geometry>

namespace impactlab {

Mat3 calcRotationTaking(const Vec3& from, const Vec3& to) {
    return Quat::FromTwoVectors(from, to).toRotationMatrix();
}

}  // namespace impactlab
