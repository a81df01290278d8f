#pragma once
// Shared linear-algebra aliases and the project's error type for bad input.
#include <Eigen/Dense>
#include <stdexcept>
#include <string>

namespace impactlab {

using Vec2 = Eigen::Vector2d;
using Vec3 = Eigen::Vector3d;
using Mat2 = Eigen::Matrix2d;
using Mat3 = Eigen::Matrix3d;
using Quat = Eigen::Quaterniond;

inline constexpr double kPi = 3.14159265358979323846;

// The cross-product matrix [r]x, with [r]x u = r x u (Jia & Wang's P, eq. 3).
inline Mat3 makeCrossMatrix(const Vec3& r) {
    Mat3 m;
    m << 0.0, -r.z(), r.y(), r.z(), 0.0, -r.x(), -r.y(), r.x(), 0.0;
    return m;
}

// Thrown at the boundary for bad user input. `field` names the offending input
// as the user wrote it (for example "bodies[1].mass"); what() reads
// "<field>: <reason>" so it can be printed as the single line the CLI promises.
// reason() is the rest, for a caller that re-throws under a longer field name.
class InputError : public std::runtime_error {
public:
    InputError(std::string field, std::string reason)
        : std::runtime_error(field + ": " + reason), field_(std::move(field)), reason_(std::move(reason)) {}
    const std::string& field() const { return field_; }
    const std::string& reason() const { return reason_; }

private:
    std::string field_;
    std::string reason_;
};

inline bool isFinite(double x) { return std::isfinite(x); }
template <typename Derived>
bool isFinite(const Eigen::MatrixBase<Derived>& m) { return m.allFinite(); }

}  // namespace impactlab
