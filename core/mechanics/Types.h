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

// Thrown at the boundary for bad user input. `field` names the offending input
// as the user wrote it (for example "bodies[1].mass"); what() reads
// "<field>: <reason>" so it can be printed as the single line the CLI promises.
class InputError : public std::runtime_error {
public:
    InputError(std::string field, const std::string& reason)
        : std::runtime_error(field + ": " + reason), field_(std::move(field)) {}
    const std::string& field() const { return field_; }

private:
    std::string field_;
};

inline bool isFinite(double x) { return std::isfinite(x); }
template <typename Derived>
bool isFinite(const Eigen::MatrixBase<Derived>& m) { return m.allFinite(); }

}  // namespace impactlab
