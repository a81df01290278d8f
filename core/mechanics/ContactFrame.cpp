#include "mechanics/ContactFrame.h"

namespace impactlab {

ContactFrame ContactFrame::makeFromNormal(const Vec3& normal, const std::string& field) {
    if (!normal.allFinite()) throw InputError(field, "must contain finite numbers");
    const double len = normal.norm();
    if (!(len > 0.0)) throw InputError(field, "must be a non-zero vector");
    const Vec3 n = normal / len;
    const Vec3 hint = std::abs(n.x()) < kTangentHintMaxAlignment ? Vec3::UnitX() : Vec3::UnitY();
    return makeFromNormalAndTangent(n, hint);
}

ContactFrame ContactFrame::makeFromUnitNormal(const Vec3& n) {
    // The hint is x (or y) and never within 25 degrees of n, so its projection
    // is long enough to normalise without makeFromNormalAndTangent's fallback.
    const Vec3 hint = std::abs(n.x()) < kTangentHintMaxAlignment ? Vec3::UnitX() : Vec3::UnitY();
    const Vec3 t1 = (hint - hint.dot(n) * n).normalized();
    ContactFrame f;
    f.axes.col(0) = t1;
    f.axes.col(1) = n.cross(t1);
    f.axes.col(2) = n;
    return f;
}

ContactFrame ContactFrame::makeFromNormalAndTangent(const Vec3& normal, const Vec3& tangentHint) {
    const Vec3 n = normal.normalized();
    Vec3 t1 = tangentHint - tangentHint.dot(n) * n;
    if (t1.norm() < kMinProjectedHint * std::max(tangentHint.norm(), 1.0)) {
        const Vec3 hint = std::abs(n.x()) < kTangentHintMaxAlignment ? Vec3::UnitX() : Vec3::UnitY();
        t1 = hint - hint.dot(n) * n;
    }
    t1.normalize();
    ContactFrame f;
    f.axes.col(0) = t1;
    f.axes.col(1) = n.cross(t1);
    f.axes.col(2) = n;
    return f;
}

}  // namespace impactlab
