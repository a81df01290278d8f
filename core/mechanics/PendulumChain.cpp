#include "mechanics/PendulumChain.h"

#include <Eigen/Cholesky>
#include <cmath>

namespace impactlab {

namespace {
Vec3 axisOf(double theta) { return Vec3(std::sin(theta), 0.0, -std::cos(theta)); }
Vec3 axisRate(double theta) { return Vec3(std::cos(theta), 0.0, std::sin(theta)); }   // d axis / d theta
}  // namespace

Vec3 PendulumChain::calcJointPosition(const Eigen::VectorXd& q, int i) const {
    Vec3 p = pivot;
    for (int j = 0; j < i; ++j) p += links[j].length * axisOf(q(j));
    return p;
}

std::optional<Eigen::VectorXd> PendulumChain::calcTouchingPose(const Eigen::VectorXd& leadingAngles) const {
    const int n = getDofCount();
    if (n < 1 || leadingAngles.size() != n - 1) return std::nullopt;
    Eigen::VectorXd q(n);
    q.head(n - 1) = leadingAngles;
    double height = pivot.z() - endRadius;   // what the last link must drop
    for (int i = 0; i + 1 < n; ++i) height -= links[i].length * std::cos(leadingAngles(i));
    const double c = height / links[n - 1].length;
    if (!(std::abs(c) <= 1.0)) return std::nullopt;
    q(n - 1) = std::acos(c);
    return q;
}

Eigen::MatrixXd PendulumChain::calcPointJacobian(const Eigen::VectorXd& q, int link, const Vec3& point) const {
    const int n = getDofCount();
    Eigen::MatrixXd J = Eigen::MatrixXd::Zero(3, n);
    for (int j = 0; j < link; ++j) J.col(j) = links[j].length * axisRate(q(j));
    // The link's own rotation, omega = (0, -theta', 0), moves the point by omega x (point - start).
    const Vec3 r = point - calcJointPosition(q, link);
    J.col(link) += Vec3(0.0, -1.0, 0.0).cross(r);
    return J;
}

Eigen::MatrixXd PendulumChain::calcMassMatrix(const Eigen::VectorXd& q) const {
    const int n = getDofCount();
    Eigen::MatrixXd M = Eigen::MatrixXd::Zero(n, n);
    for (int i = 0; i < n; ++i) {
        const Vec3 com = calcJointPosition(q, i) + 0.5 * links[i].length * axisOf(q(i));
        const Eigen::MatrixXd J = calcPointJacobian(q, i, com);
        M += links[i].mass * J.transpose() * J;
        M(i, i) += links[i].inertia;
    }
    if (endMass > 0.0) {
        const Eigen::MatrixXd J = calcPointJacobian(q, n - 1, calcEndCentre(q));
        M += endMass * J.transpose() * J;
        M(n - 1, n - 1) += endInertia;
    }
    return 0.5 * (M + M.transpose());
}

Eigen::VectorXd PendulumChain::calcAcceleration(const Eigen::VectorXd& q, const Eigen::VectorXd& qdot,
                                                const Vec3& gravity) const {
    const int n = getDofCount();
    Eigen::VectorXd force = Eigen::VectorXd::Zero(n);
    // A point `lever` along link `link`: its generalized gravity-minus-centripetal force.
    auto addPoint = [&](int link, double lever, double mass) {
        Vec3 centripetal = Vec3::Zero();
        for (int j = 0; j < link; ++j) centripetal -= links[j].length * qdot(j) * qdot(j) * axisOf(q(j));
        centripetal -= lever * qdot(link) * qdot(link) * axisOf(q(link));
        const Vec3 point = calcJointPosition(q, link) + lever * axisOf(q(link));
        force += mass * calcPointJacobian(q, link, point).transpose() * (gravity - centripetal);
    };
    for (int i = 0; i < n; ++i) addPoint(i, 0.5 * links[i].length, links[i].mass);
    if (endMass > 0.0) addPoint(n - 1, links[n - 1].length, endMass);
    return calcMassMatrix(q).ldlt().solve(force);
}

double PendulumChain::calcPotentialEnergy(const Eigen::VectorXd& q, const Vec3& gravity) const {
    const int n = getDofCount();
    double V = 0.0;
    for (int i = 0; i < n; ++i)
        V -= links[i].mass * gravity.dot(calcJointPosition(q, i) + 0.5 * links[i].length * axisOf(q(i)));
    if (endMass > 0.0) V -= endMass * gravity.dot(calcEndCentre(q));
    return V;
}

ContactSystem PendulumChain::calcGroundContactSystem(const Eigen::VectorXd& q, const Eigen::VectorXd& qdot) const {
    ContactSystem s;
    s.M = calcMassMatrix(q);
    s.u = qdot;
    const Vec3 lowest = calcEndCentre(q) - endRadius * Vec3::UnitZ();
    s.G = calcPointJacobian(q, getDofCount() - 1, lowest);   // rows x, y, z = t1, t2, n
    s.w = Eigen::VectorXd::Zero(3);
    return s;
}

PendulumChain makeTriplePendulum() {
    PendulumChain c;
    const double m = 1.0, L = 1.0, r = 0.1;
    const ChainLink link{L, m, m * (3.0 * r * r + L * L) / 12.0};   // solid cylinder about a diameter
    c.links = {link, link, link};
    c.endMass = 1.0;
    c.endRadius = 0.25;
    c.endInertia = 0.4 * c.endMass * c.endRadius * c.endRadius;
    return c;
}

}  // namespace impactlab
