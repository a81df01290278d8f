#include "sim/CompliantChain.h"

#include <cmath>
#include <limits>

#include "mechanics/InputChecks.h"
#include "sim/CompliantModel.h"
#include "sim/CompliantRun.h"

namespace impactlab {

namespace {

// State: [q (n), q' (n), impulse (t1, t2, n) (3), world impulse on the sphere (3)].
class ChainModel {
public:
    explicit ChainModel(const CompliantChainSystem& system)
        : system_(system),
          n_(system.chain.getDofCount()),
          stiffness_(calcHertzStiffness(calcRelativeRadius(system.chain.endRadius, std::numeric_limits<double>::infinity()),
                                        calcEffectiveModulus(system.sphereMaterial, system.groundMaterial))),
          dissipation_(calcEffectiveDissipation(system.sphereMaterial, system.groundMaterial)),
          frame_(ContactFrame::makeFromNormalAndTangent(Vec3::UnitZ(), Vec3::UnitX())) {}

    int size() const { return 2 * n_ + compliant::kContactStateSize; }
    int getContactCount() const { return 1; }
    int contactOffset(int) const { return 2 * n_; }
    int coupledSize() const { return 2 * n_; }

    Eigen::VectorXd makeInitialState() const {
        Eigen::VectorXd y = Eigen::VectorXd::Zero(size());
        y.head(n_) = system_.q;
        y.segment(n_, n_) = system_.qdot;
        return y;
    }

    // The end sphere against z = 0, its point midway through the overlap
    // (as CompliantModel's sphere-plane pair); J is that point's Jacobian.
    void calcContact(const Eigen::VectorXd& y, CompliantContactState& s, Eigen::MatrixXd* jacobian = nullptr) const {
        const Eigen::VectorXd q = y.head(n_), qdot = y.segment(n_, n_);
        const PendulumChain& chain = system_.chain;
        const Vec3 centre = chain.calcEndCentre(q);
        s.penetration = chain.endRadius - centre.z();
        s.point = centre - (chain.endRadius - 0.5 * s.penetration) * Vec3::UnitZ();
        s.frame = frame_;
        const Eigen::MatrixXd J = chain.calcPointJacobian(q, n_ - 1, s.point);
        s.relativeVelocity = frame_.toLocal(J * qdot);
        s.penetrationRate = -s.relativeVelocity.z();
        calcCompliantForces(stiffness_, dissipation_, system_.friction, s);
        if (jacobian) *jacobian = J;
    }

    void calcContactAt(const Eigen::VectorXd& y, int, CompliantContactState& out) const { calcContact(y, out); }

    void calcContacts(const Eigen::VectorXd& y, std::vector<CompliantContactState>& out) const {
        out.resize(1);
        calcContact(y, out[0]);
    }

    void calcDerivative(const Eigen::VectorXd& y, Eigen::VectorXd& dydt) const {
        const Eigen::VectorXd q = y.head(n_), qdot = y.segment(n_, n_);
        CompliantContactState s;
        Eigen::MatrixXd J;
        calcContact(y, s, &J);
        const Vec3 f = s.calcWorldForce();
        const PendulumChain& chain = system_.chain;
        Eigen::VectorXd qddot = chain.calcAcceleration(q, qdot, system_.gravity);
        if (s.normalForce != 0.0 || !s.frictionForce.isZero())
            qddot += chain.calcMassMatrix(q).ldlt().solve(J.transpose() * f);   // generalized contact force J^T f
        dydt.head(n_) = qdot;
        dydt.segment(n_, n_) = qddot;
        const int o = contactOffset(0);
        dydt.segment<3>(o) << s.frictionForce.x(), s.frictionForce.y(), s.normalForce;
        dydt.segment<3>(o + 3) = f;
    }

    CompliantSample makeSample(double t, const Eigen::VectorXd& y, bool) const {
        CompliantContactState s;
        calcContact(y, s);
        CompliantSample sample;
        sample.time = t;
        sample.kineticEnergy = system_.chain.calcKineticEnergy(y.head(n_), y.segment(n_, n_));
        sample.elasticEnergy = s.elasticEnergy;
        sample.contacts.push_back(compliant::makeContactSample(s, y.segment<3>(contactOffset(0))));
        return sample;
    }

    std::vector<RigidBody> makeBodies(const Eigen::VectorXd&) const { return {}; }

private:
    const CompliantChainSystem& system_;
    int n_;
    double stiffness_;
    double dissipation_;
    ContactFrame frame_;
};

}  // namespace

void CompliantChainSystem::validate() const {
    const int n = chain.getDofCount();
    if (n < 1) throw InputError("chain.links", "needs at least one link");
    if (!(chain.endRadius > 0.0)) throw InputError("chain.end_radius", "must be > 0 (the sphere that meets the ground)");
    if (q.size() != n) throw InputError("q", "must have one angle per link (" + std::to_string(n) + ")");
    if (qdot.size() != n) throw InputError("qdot", "must have one rate per link (" + std::to_string(n) + ")");
    requireFinite(q, "q");
    requireFinite(qdot, "qdot");
    if (!gravity.allFinite()) throw InputError("gravity", "must be finite");
    sphereMaterial.validate("sphere_material");
    groundMaterial.validate("ground_material");
    friction.validate("friction");
}

CompliantChainResult simulateCompliantChainImpact(const CompliantChainSystem& system, const CompliantOptions& options) {
    system.validate();
    options.validate();
    const ChainModel model(system);
    CompliantChainResult out;
    compliant::CompliantRun<ChainModel> run(model, options);
    out.run = run.run();
    out.finalCoordinates = run.finalState().head(system.chain.getDofCount());
    out.finalRates = run.finalState().segment(system.chain.getDofCount(), system.chain.getDofCount());
    return out;
}

}  // namespace impactlab
