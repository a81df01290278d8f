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

namespace {

// The chain's axes e(theta_j) and their rates de/dtheta_j, once per pose: a
// point at lever s along link i has the Jacobian columns L_j de_j (j < i) and
// s de_i (the pin's rotation (0, -theta_i', 0) crossed with s e_i), so the
// mass matrix and the generalized forces below are assembled from these
// columns directly, without a 3 x n Jacobian per point.
struct ChainAxes {
    Eigen::Matrix3Xd axis, rate;
    explicit ChainAxes(const Eigen::VectorXd& q) : axis(3, q.size()), rate(3, q.size()) {
        for (Eigen::Index j = 0; j < q.size(); ++j) {
            axis.col(j) = axisOf(q(j));
            rate.col(j) = axisRate(q(j));
        }
    }
};

// The points that carry mass: each link's centre and the end sphere, as
// (link, lever along it, mass).
template <class Visit>
void forEachMassPoint(const PendulumChain& chain, Visit&& visit) {
    const int n = chain.getDofCount();
    for (int i = 0; i < n; ++i) visit(i, 0.5 * chain.links[i].length, chain.links[i].mass);
    if (chain.endMass > 0.0) visit(n - 1, chain.links[n - 1].length, chain.endMass);
}

// How far link j carries the point (link, lever): its whole length for the
// links before, the lever on the point's own link.
double armOf(const PendulumChain& chain, int link, double lever, int j) {
    return j < link ? chain.links[j].length : lever;
}

// Jacobian column j of the point (link, lever).
Vec3 pointColumn(const PendulumChain& chain, const ChainAxes& axes, int link, double lever, int j) {
    return armOf(chain, link, lever, j) * axes.rate.col(j);
}

// M(q) = sum_p m_p J_p^T J_p + spin inertias on the diagonal (Uchida et al.
// 2015, Example 4; the header's sum).
Eigen::MatrixXd assembleMassMatrix(const PendulumChain& chain, const ChainAxes& axes) {
    const int n = chain.getDofCount();
    Eigen::MatrixXd M = Eigen::MatrixXd::Zero(n, n);
    forEachMassPoint(chain, [&](int link, double lever, double mass) {
        for (int j = 0; j <= link; ++j) {
            const Vec3 cj = pointColumn(chain, axes, link, lever, j);
            for (int k = 0; k <= j; ++k) M(j, k) += mass * cj.dot(pointColumn(chain, axes, link, lever, k));
        }
    });
    for (int i = 0; i < n; ++i) M(i, i) += chain.links[i].inertia;
    if (chain.endMass > 0.0) M(n - 1, n - 1) += chain.endInertia;
    return M.selfadjointView<Eigen::Lower>();
}

}  // namespace

Eigen::MatrixXd PendulumChain::calcMassMatrix(const Eigen::VectorXd& q) const {
    return assembleMassMatrix(*this, ChainAxes(q));
}

Eigen::VectorXd PendulumChain::calcAcceleration(const Eigen::VectorXd& q, const Eigen::VectorXd& qdot,
                                                const Vec3& gravity) const {
    const int n = getDofCount();
    const ChainAxes axes(q);
    Eigen::VectorXd force = Eigen::VectorXd::Zero(n);
    // Each mass point's generalized gravity-minus-centripetal force m J^T (g - Jdot qdot).
    forEachMassPoint(*this, [&](int link, double lever, double mass) {
        Vec3 centripetal = Vec3::Zero();
        for (int j = 0; j <= link; ++j)
            centripetal -= armOf(*this, link, lever, j) * qdot(j) * qdot(j) * axes.axis.col(j);
        const Vec3 load = mass * (gravity - centripetal);
        for (int j = 0; j <= link; ++j) force(j) += pointColumn(*this, axes, link, lever, j).dot(load);
    });
    return assembleMassMatrix(*this, axes).ldlt().solve(force);
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
