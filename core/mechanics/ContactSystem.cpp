#include "mechanics/ContactSystem.h"

namespace impactlab {

Eigen::MatrixXd ContactSystem::calcInverseMassMatrix() const {
    return applyInverseMass(Eigen::MatrixXd::Identity(M.rows(), M.cols()));
}

Eigen::MatrixXd ContactSystem::applyInverseMass(const Eigen::MatrixXd& x) const {
    return solveMass ? solveMass(x) : Eigen::MatrixXd(M.llt().solve(x));
}

Eigen::MatrixXd ContactSystem::calcDelassus() const {
    const Eigen::MatrixXd A = G * applyInverseMass(G.transpose());
    return 0.5 * (A + A.transpose());
}

Eigen::VectorXd ContactSystem::calcContactVelocity() const {
    Eigen::VectorXd v = G * u;
    if (w.size() == v.size()) v += w;
    return v;
}

Eigen::VectorXd ContactSystem::calcVelocityAfter(const Eigen::VectorXd& impulse) const {
    return u + applyInverseMass(G.transpose() * impulse);
}

Mat3 completeBlockedDirections(const Mat3& W) {
    const Eigen::SelfAdjointEigenSolver<Mat3> eig(0.5 * (W + W.transpose()));
    Eigen::Vector3d values = eig.eigenvalues();
    const double largest = values.cwiseAbs().maxCoeff();
    for (int i = 0; i < 3; ++i)
        if (values[i] <= kBlockedDirectionRelTol * largest) values[i] = W.trace();
    return eig.eigenvectors() * values.asDiagonal() * eig.eigenvectors().transpose();
}

}  // namespace impactlab
