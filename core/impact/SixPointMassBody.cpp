#include "impact/SixPointMassBody.h"

#include "mechanics/InputChecks.h"

namespace impactlab {

SixPointMassProblem makeSixPointMassProblem(const SixPointMassParams& p) {
    requirePositive(p.dx, "dx"); requirePositive(p.dy, "dy"); requirePositive(p.dz, "dz");
    requirePositive(p.mx, "mx"); requirePositive(p.my, "my"); requirePositive(p.mz, "mz");
    if (!(p.mu >= 0.0) || !std::isfinite(p.mu)) throw InputError("mu", "must be a finite number >= 0");
    if (!p.contactVelocity.allFinite()) throw InputError("contact_velocity", "must be finite");
    const ContactFrame normalFrame = ContactFrame::makeFromNormal(p.normal, "normal");
    const Vec3 n = normalFrame.n();
    Vec3 t = n.cross(Vec3::UnitX());
    // |n x e_x| below this leaves no tangent direction (n along e_x).
    constexpr double kMinTangentNorm = 1e-9;
    if (!(t.norm() > kMinTangentNorm)) throw InputError("normal", "must not be parallel to the x axis");
    if (!p.literalPaperFrame) t.normalize();
    const Vec3 o = n.cross(t);   // |o| = |t| since t is perpendicular to the unit n

    SixPointMassProblem out;
    out.Q.col(0) = n; out.Q.col(1) = t; out.Q.col(2) = o;
    // Sec. 4.1: I = 2 diag(my dy^2 + mz dz^2, mx dx^2 + mz dz^2, mx dx^2 + my dy^2), the
    // contact at dx e_x; A_world = (1/M) E - r^x I^-1 r^x (eq. 2 with the plane fixed).
    const double M = 2.0 * (p.mx + p.my + p.mz);
    const Vec3 inertia = 2.0 * Vec3(p.my * p.dy * p.dy + p.mz * p.dz * p.dz, p.mx * p.dx * p.dx + p.mz * p.dz * p.dz,
                                    p.mx * p.dx * p.dx + p.my * p.dy * p.dy);
    const Vec3 r = p.dx * Vec3::UnitX();
    const Mat3 Aworld = Mat3::Identity() / M - makeCrossMatrix(r) * inertia.cwiseInverse().asDiagonal() * makeCrossMatrix(r);
    out.paper.A = out.Q.transpose() * Aworld * out.Q;
    out.paper.b = -out.Q.transpose() * p.contactVelocity;
    out.paper.mu = p.mu;

    // The body: centre at the origin, the contact point moving with contactVelocity.
    out.contact.body1.mass = M;
    out.contact.body1.principalInertia = inertia;
    out.contact.body1.velocity = p.contactVelocity;
    out.contact.body2 = RigidBody::makeFixed();
    out.contact.point = r;
    out.contact.frame.axes.col(0) = t; out.contact.frame.axes.col(1) = o; out.contact.frame.axes.col(2) = n;
    if (p.literalPaperFrame) {
        Mat3 W;
        Vec3 vMinus;
        toContractFrame(out.paper, W, vMinus);
        out.problem = ImpactProblem::makeContactLevel(W, vMinus, p.mu, 0.0, ApproachRequirement::Any);
    } else {
        out.problem = ImpactProblem::makeBodyLevel(out.contact, p.mu, 0.0, ApproachRequirement::Any);
    }
    return out;
}

}  // namespace impactlab
