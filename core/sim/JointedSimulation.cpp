#include "sim/JointedSimulation.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <sstream>

#include "impact/Poisson.h"
#include "laws/LawRegistry.h"
#include "mechanics/Multibody.h"
#include "scene/SceneJoints.h"
#include "sim/CompliantContact.h"
#include "sim/DormandPrince.h"
#include "sim/JointedTouches.h"
#include "sim/RunChannels.h"

namespace impactlab {

namespace jointed {

class Simulator {
public:
    Simulator(const SpatialScene& scene, const SimulationOptions& options, const JointedFlightOptions& flight,
              std::optional<JointedCompliantOptions> compliant = std::nullopt)
        : scene_(scene), options_(options), flight_(flight), compliant_(std::move(compliant)),
          law_(getLaw(scene.contact.law, "contact.law")),
          system_(makeSceneMultibody(scene)) {
        for (size_t i = 0; i < scene.bodies.size(); ++i) {
            const Shape& shape = scene.bodies[i].shape;
            const double feature = shape.type == Shape::Type::Sphere ? shape.radius
                                   : shape.type == Shape::Type::Rod  ? 0.5 * shape.thickness
                                                                     : shape.halfExtents.minCoeff();
            smallestFeature_ = std::min(smallestFeature_, feature);
            reach_.push_back(shape.type == Shape::Type::Sphere ? shape.radius : shape.halfExtents.norm());
        }
        q_ = makeSceneInitialPositions(scene, system_);
        std::vector<RigidBody> given;
        for (const SceneBody& b : scene.bodies) given.push_back(b.body);
        u_ = system_.makeVelocities(given);
        for (const Touch& c : findTouches(kinematics(), 0.0)) {
            if (c.gap >= -options_.contactGap) continue;
            const std::string where = c.other >= 0 ? "overlaps " + scene.bodies[c.other].name
                                                   : "starts behind the " + touches_.getPlane(c.plane).name;
            throw InputError(describeStartField(c.body), where + " (by " + std::to_string(-c.gap) + " m)");
        }
    }

    SimulationRun run() {
        SimulationRun run;
        started_ = std::chrono::steady_clock::now();
        double t = 0.0;
        run.samples.push_back(makeSample(t, q_, u_));
        while (true) {
            if (t >= scene_.endTime * (1.0 - kSampleTimeRelTol)) { run.endReason = "end time"; break; }
            if (hasExceededTimeBudget(options_, started_, t, run) || (!compliant_ && !resolveImpactsAt(t, run))) break;
            if (!compliant_) updateRestingTrees();
            if (!advance(t, std::min(calcTravelLimitedStep(), scene_.endTime - t), run)) break;
            if (compliant_) noteContactOnsets(); else resolveRestingContacts(run);
        }
        if (run.samples.back().time < t) run.samples.push_back(makeSample(t, q_, u_));
        run.endTime = std::min(run.samples.back().time, scene_.endTime);
        return run;
    }

private:
    // The field to change for a body that starts in the ground: its joint's
    // angle (a welded body's: the first joint up the tree that turns), or a
    // free body's position.
    std::string describeStartField(int body) const {
        for (int b = body; b >= 0;) {
            int parent = -1;
            for (size_t k = 0; k < scene_.joints.size(); ++k) {
                if (scene_.joints[k].body != b) continue;
                if (scene_.joints[k].type != SceneJoint::Type::Weld) return "joints[" + std::to_string(k) + "].angle";
                parent = scene_.joints[k].parent;
            }
            b = parent;
        }
        return "bodies[" + std::to_string(body) + "].position";
    }

    // The kinematics of (q_, u_), kept until either changes (several parts of
    // a step ask for them).
    const Multibody::Kinematics& kinematics() const {
        if (!current_ || currentQ_ != q_ || currentU_ != u_) {
            current_.emplace();
            system_.calcKinematics(q_, u_, *current_);
            currentQ_ = q_;
            currentU_ = u_;
            touching_.reset();
        }
        return *current_;
    }

    // The touches within contactGap in (q_, u_), kept as the kinematics are.
    std::vector<Touch> findTouching() const {
        const Multibody::Kinematics& k = kinematics();
        if (!touching_) touching_ = findTouches(k, options_.contactGap);
        return *touching_;
    }

    // s: the longest step that moves no body point farther than
    // maxTravelFraction of the smallest feature (infinite when nothing moves).
    double calcTravelLimitedStep() const {
        const Multibody::Kinematics& k = kinematics();
        const std::vector<Touch> touching = findTouching();
        double fastest = 0.0;
        for (size_t i = 0; i < k.bodies.size(); ++i)
            fastest = std::max(fastest, k.bodies[i].velocity.norm() + k.bodies[i].angularVelocity.norm() * reach_[i]);
        double h = fastest > 0.0 ? flight_.maxTravelFraction * smallestFeature_ / fastest
                                 : std::numeric_limits<double>::infinity();
        // A body resting on a contact that carries its weight must not fall
        // into it faster than restSpeed within a step, or its next touch
        // would be taken for an impact: h g (n . up) <= restShare restSpeed.
        const double g = scene_.gravity.norm();
        for (const Touch& c : touching) {
            if (isHeld(c.body) && (c.other < 0 || isHeld(c.other))) continue;   // nothing moves there
            const double carried = g * c.normal.dot(up_);
            if (carried > 0.0) h = std::min(h, flight_.restSpeedShare * options_.restSpeed / carried);
        }
        return h;
    }

    bool isHeld(int body) const { return held_[system_.getRoot(body)]; }

    // Before each flight: which joint trees are at rest on something (held
    // still through the step; JointedFlightOptions::sleepSpeed): still now
    // and at the start of the last flight, and touching. Still once is not
    // enough: the cradle's raised balls start at rest touching each other.
    void updateRestingTrees() {
        const Multibody::Kinematics& k = kinematics();
        std::vector<bool> touching(held_.size(), false), still(held_.size(), true);
        for (const Touch& c : findTouching()) {
            touching[system_.getRoot(c.body)] = true;
            if (c.other >= 0) touching[system_.getRoot(c.other)] = true;
        }
        for (size_t i = 0; i < k.bodies.size(); ++i) {
            const RigidBody& b = k.bodies[i];
            if (b.velocity.norm() + b.angularVelocity.norm() * reach_[i] > flight_.sleepSpeed)
                still[system_.getRoot(static_cast<int>(i))] = false;
        }
        for (size_t r = 0; r < held_.size(); ++r) {
            held_[r] = touching[r] && still[r] && wasStill_[r];
            wasStill_[r] = still[r];
            if (held_[r]) u_.segment(system_.getTreeVelocityStart(r), system_.getTreeVelocityCount(r)).setZero();
        }
    }

    std::vector<Touch> findTouches(const Multibody::Kinematics& k, double maxGap) const { return touches_.find(k, maxGap); }
    Touch refind(const Touch& c, const Multibody::Kinematics& k) const { return touches_.refind(c, k); }

    // One step of the flight from t, at most hMax long, ending early at the
    // first impact (a feature crossing into touch faster than restSpeed).
    // False when the step cannot be taken to the tolerance.
    bool advance(double& t, double hMax, SimulationRun& run) {
        const int nq = system_.getPositionCount(), nu = system_.getVelocityCount();
        const DormandPrince45::Rhs rhs = [&](double, const Eigen::VectorXd& y, Eigen::VectorXd& dydt) {
            dydt.head(nq) = system_.calcPositionRate(y.head(nq), y.tail(nu));
            dydt.tail(nu) = system_.calcAcceleration(y.head(nq), y.tail(nu), scene_.gravity, contactForces_);
            for (size_t r = 0; r < held_.size(); ++r)
                if (held_[r]) dydt.tail(nu).segment(system_.getTreeVelocityStart(r), system_.getTreeVelocityCount(r)).setZero();
        };
        DormandPrince45 stepper(rhs, nq + nu);
        Eigen::VectorXd y(nq + nu), dydt(nq + nu);
        y << q_, u_;
        rhs(t, y, dydt);
        bool rejected = false;
        while (true) {
            const double h = std::min(step_, hMax);
            const double error = stepper.tryStep(t, y, dydt, h, flight_.absTolerance, flight_.relTolerance);
            if (!(error <= 1.0)) {
                step_ = h * DormandPrince45::calcStepFactor(error, true);
                rejected = true;
                if (step_ < flight_.minStep) {
                    run.warnings.push_back("the flight cannot be integrated to its tolerance at t = " +
                                           std::to_string(t) + " s; run stopped");
                    run.endReason = "no solution";
                    return false;
                }
                continue;
            }
            if (h == step_) step_ = h * DormandPrince45::calcStepFactor(error, rejected);
            const double theta = compliant_ ? 1.0 : findImpactFraction(stepper, nq, nu);
            // The samples this step passes, from its continuous extension.
            Eigen::VectorXd next(nq + nu);
            for (double ts = nextSampleTime(run); ts <= t + theta * h * (1.0 + kSampleTimeRelTol); ts = nextSampleTime(run)) {
                stepper.interpolate(std::clamp((ts - t) / h, 0.0, 1.0), next);
                Eigen::VectorXd q = next.head(nq);
                system_.normalize(q);
                run.samples.push_back(makeSample(ts, q, next.tail(nu)));
            }
            if (theta < 1.0) stepper.interpolate(theta, next); else next = stepper.yNew();
            q_ = next.head(nq);
            system_.normalize(q_);
            u_ = next.tail(nu);
            t += theta * h;
            return true;
        }
    }

    // Poses and twists only (contact search), at a fraction of the last step.
    const Multibody::Kinematics& kinematicsAt(const DormandPrince45& stepper, double theta, int nq, int nu) const {
        Eigen::VectorXd y(nq + nu);
        if (theta >= 1.0) y = stepper.yNew(); else stepper.interpolate(theta, y);
        Eigen::VectorXd q = y.head(nq);
        system_.normalize(q);
        system_.calcKinematics(q, y.tail(nu), light_, false);
        return light_;
    }

    // The fraction of the last step at which the first impact happens (1: none).
    double findImpactFraction(const DormandPrince45& stepper, int nq, int nu) const {
        const Multibody::Kinematics& start = kinematics();
        double first = 1.0;
        for (const Touch& end : findTouches(kinematicsAt(stepper, 1.0, nq, nu), 0.0)) {
            if (end.gap >= 0.0) continue;
            const Touch before = refind(end, start);
            if (before.gap < 0.0) continue;   // already touching: a resting contact
            // Slow at both ends of a step that short: a resting contact, not an impact.
            if (-end.normalVelocity <= options_.restSpeed && -before.normalVelocity <= options_.restSpeed) continue;
            double lo = 0.0, hi = 1.0;
            for (int i = 0; i < flight_.touchBisections && hi - lo > 0.0; ++i) {
                const double mid = 0.5 * (lo + hi);
                (refind(end, kinematicsAt(stepper, mid, nq, nu)).gap < 0.0 ? hi : lo) = mid;
            }
            if (hi < first && -refind(end, kinematicsAt(stepper, hi, nq, nu)).normalVelocity > options_.restSpeed)
                first = hi;
        }
        return first;
    }

    // The compliant reference's contact forces as generalized forces.
    void addContactForces(const Multibody::Kinematics& k, Eigen::VectorXd& f) const {
        const JointedCompliantOptions& o = *compliant_;
        const CompliantMaterial material{o.youngsModulus, 0.0, 0.0};
        const double modulus = calcEffectiveModulus(material, material);
        const CompliantFriction friction = CompliantFriction::makeCoulomb(scene_.contact.friction);
        for (const Touch& c : findTouches(k, 0.0)) {
            if (c.gap >= 0.0) continue;
            CompliantContactState state;
            state.point = c.point;
            state.frame = ContactFrame::makeFromUnitNormal(c.normal);
            state.penetration = -c.gap;
            state.penetrationRate = -c.normalVelocity;
            Vec3 v = k.bodies[c.body].calcPointVelocity(c.point);
            if (c.other >= 0) v -= k.bodies[c.other].calcPointVelocity(c.point);
            state.relativeVelocity = state.frame.toLocal(v);
            const auto onset = onsets_.find(makeFeatureKey(c));
            const double approach = std::max(onset != onsets_.end() ? onset->second : -c.normalVelocity, options_.restSpeed);
            // Hunt & Crossley's c from the COR (PLUS scenes: c = 3 (1 - e) / (2 v-)).
            const double dissipation = 1.5 * (1.0 - scene_.contact.restitution) / approach;
            calcCompliantForces(calcHertzStiffness(calcContactRadius(c, o), modulus), dissipation, friction, state);
            const Vec3 F = state.calcWorldForce();
            f.noalias() += system_.calcPointJacobian(k, c.body, c.point).transpose() * F;
            if (c.other >= 0) f.noalias() -= system_.calcPointJacobian(k, c.other, c.point).transpose() * F;
        }
    }

    // m: Hertz's relative radius of a touch (a sphere's, a rod's rim by
    // half its thickness, a box vertex by vertexRadius; a plane is flat).
    double calcContactRadius(const Touch& c, const JointedCompliantOptions& o) const {
        auto radiusOf = [&](int body) {
            const Shape& s = scene_.bodies[body].shape;
            return s.type == Shape::Type::Sphere ? s.radius : s.type == Shape::Type::Rod ? 0.5 * s.thickness : o.vertexRadius;
        };
        return c.other >= 0 ? calcRelativeRadius(radiusOf(c.body), radiusOf(c.other)) : radiusOf(c.body);
    }

    static std::array<int, 4> makeFeatureKey(const Touch& c) { return {c.body, c.other, c.plane, c.feature}; }

    // After a step of the compliant reference: the approach speed of each
    // overlap that began in it, kept while it lasts.
    void noteContactOnsets() {
        std::map<std::array<int, 4>, double> now;
        for (const Touch& c : findTouches(kinematics(), 0.0)) {
            if (c.gap >= 0.0) continue;
            const auto key = makeFeatureKey(c);
            const auto was = onsets_.find(key);
            now[key] = was != onsets_.end() ? was->second : -c.normalVelocity;
        }
        onsets_ = std::move(now);
    }

    // The contact rows G (3 x n, frame t1, t2, n) of a touch.
    Eigen::MatrixXd calcContactRows(const Multibody::Kinematics& k, const Touch& c) const {
        Eigen::MatrixXd J = system_.calcPointJacobian(k, c.body, c.point);
        if (c.other >= 0) J -= system_.calcPointJacobian(k, c.other, c.point);
        return ContactFrame::makeFromUnitNormal(c.normal).axes.transpose() * J;
    }

    // The touches within maxGap joined to `seed` through the trees and bodies
    // they share (planes join nothing). The seed comes first.
    std::vector<Touch> findConnected(const Touch& seed, const std::vector<Touch>& near) const {
        std::vector<bool> inCluster(system_.getBodyCount(), false), taken(near.size(), false);
        auto join = [&](const Touch& c) {
            inCluster[system_.getRoot(c.body)] = true;
            if (c.other >= 0) inCluster[system_.getRoot(c.other)] = true;
        };
        auto touchesCluster = [&](const Touch& c) {
            return inCluster[system_.getRoot(c.body)] || (c.other >= 0 && inCluster[system_.getRoot(c.other)]);
        };
        join(seed);
        std::vector<Touch> out = {seed};
        for (bool grew = true; grew;) {
            grew = false;
            for (size_t k = 0; k < near.size(); ++k) {
                if (taken[k] || !touchesCluster(near[k])) continue;
                taken[k] = grew = true;
                join(near[k]);
                const Touch& c = near[k];
                const bool isSeed = c.body == seed.body && c.other == seed.other && c.plane == seed.plane &&
                                    c.feature == seed.feature;
                if (!isSeed) out.push_back(c);
            }
        }
        return out;
    }

    bool resolveImpactsAt(double t, SimulationRun& run) {
        for (int n = 0; n < options_.maxImpactsPerInstant; ++n) {
            // Many bodies can take many impacts at one instant: the budget
            // holds between them too.
            if (n > 0 && hasExceededTimeBudget(options_, started_, t, run)) return false;
            const std::vector<Touch> touching = findTouching();
            const Touch* worst = nullptr;
            for (const Touch& c : touching)
                if (-c.normalVelocity > options_.restSpeed && (!worst || c.normalVelocity < worst->normalVelocity))
                    worst = &c;
            if (!worst) return true;
            const Multibody::Kinematics k = kinematics();   // a copy: resolving changes u
            if (static_cast<int>(run.impacts.size()) >= options_.maxImpacts) {
                run.warnings.push_back("impact limit of " + std::to_string(options_.maxImpacts) + " reached at t = " +
                                       std::to_string(t) + " s");
                run.endReason = "impact limit";
                return false;
            }
            const std::vector<Touch> together =
                findConnected(*worst, several_ ? findTouches(k, options_.proximity) : touching);
            if (!resolve(t, k, several_ ? together : std::vector<Touch>{*worst}, together, run)) return false;
        }
        run.warnings.push_back("more than " + std::to_string(options_.maxImpactsPerInstant) +
                               " impacts at one instant, t = " + std::to_string(t) + " s; run stopped");
        run.endReason = "impact limit";
        return false;
    }

    // Solves the impact of `contacts` (the fastest first) and records it.
    bool resolve(double t, const Multibody::Kinematics& k, const std::vector<Touch>& contacts,
                 const std::vector<Touch>& near, SimulationRun& run) {
        const int n = system_.getVelocityCount(), nc = static_cast<int>(contacts.size());
        Eigen::MatrixXd G(3 * nc, n);
        for (int c = 0; c < nc; ++c) G.middleRows(3 * c, 3) = calcContactRows(k, contacts[c]);
        ContactSystem sys;
        sys.M = system_.calcMassMatrix(k);
        const Multibody::MassMatrixFactor Mf = system_.factorMassMatrix(sys.M, Multibody::Factorization::PivotedLdlt);
        const Eigen::MatrixXd W0 = G.topRows(3) * Mf.solve(G.topRows(3).transpose());
        sys.G = G;
        sys.u = u_;
        // M is block diagonal: the contact space of several contacts solves
        // tree by tree.
        if (several_)
            sys.solveMass = [f = std::make_shared<const Multibody::MassMatrixFactor>(system_.factorMassMatrix(
                                 sys.M, Multibody::Factorization::Cholesky))](const Eigen::MatrixXd& x) { return f->solve(x); };
        sys.w = Eigen::VectorXd::Zero(3 * nc);

        ImpactEventRecord rec;
        rec.time = t;
        rec.body = contacts[0].body;
        rec.otherBody = contacts[0].other;
        rec.point = contacts[0].point;
        rec.contact = describe(contacts[0]);
        rec.frame = ContactFrame::makeFromUnitNormal(contacts[0].normal);
        const RunSample before = makeSample(t);
        rec.kineticEnergyBefore = before.kineticEnergy;
        rec.potentialEnergy = before.potentialEnergy;
        rec.problem.W = completeBlockedDirections(W0);
        rec.problem.vMinus = G.topRows(3) * u_;
        rec.problem.friction = scene_.contact.friction;
        rec.problem.restitution = scene_.contact.restitution;
        rec.problem.systemKineticEnergy = sys.calcKineticEnergy();
        const Eigen::VectorXd uBefore = u_;
        Eigen::VectorXd impulse;
        try {
            if (several_) {
                std::vector<ContactParameters> params;
                for (const Touch& c : contacts)
                    params.push_back({describe(c), scene_.contact.friction, scene_.contact.restitution,
                                      RestitutionKind::Constant});
                const ContactSpaceProblem problem = ContactSpaceProblem::makeFromSystem(params, sys);
                const ContactSpaceResult r = solveContactSpace(law_, problem, scene_.contact.lawOptions);
                impulse = r.impulse;
                summarizeSeveralContacts(r, rec);
            } else {
                noteOrdering(near, t, run);
                // Validates W and v- (a contact the joints hold too stiffly is refused here).
                ImpactProblem::makeContactLevel(rec.problem.W, rec.problem.vMinus,
                                                                        scene_.contact.friction,
                                                                        scene_.contact.restitution);
                rec.result = law_.solve(rec.problem, scene_.contact.lawOptions, options_.recordTraces ? &rec.trace : nullptr);
                impulse = rec.result.impulse;
                rec.rounds = 1;
                rec.intervals = rec.result.steps;
            }
        } catch (const InputError& e) {
            run.warnings.push_back("impact at t = " + std::to_string(t) + " s (" + rec.contact + ") has no solution: " +
                                   e.what());
            run.endReason = "no solution";
            return false;
        }
        u_ += Mf.solve(G.transpose() * impulse);
        rec.simultaneousContacts = nc;
        for (int c = 0; c < nc; ++c) {
            rec.contactPoints.push_back(contacts[c].point);
            rec.contactImpulses.push_back(ContactFrame::makeFromUnitNormal(contacts[c].normal).toWorld(impulse.segment<3>(3 * c)));
        }
        countMovingBodies(near, uBefore, rec);
        rec.kineticEnergyAfter = makeSample(t).kineticEnergy;
        for (const auto& w : rec.result.warnings)
            run.warnings.push_back("impact " + std::to_string(run.impacts.size() + 1) + ": " + w);
        run.impacts.push_back(std::move(rec));
        return true;
    }

    // The bodies of the impact's touches that move (faster than
    // kMovingSpeedFraction of the fastest before), before and after.
    void countMovingBodies(const std::vector<Touch>& near, const Eigen::VectorXd& uBefore,
                           ImpactEventRecord& rec) const {
        std::vector<int> bodies;
        for (const Touch& c : near) {
            bodies.push_back(c.body);
            if (c.other >= 0) bodies.push_back(c.other);
        }
        std::sort(bodies.begin(), bodies.end());
        bodies.erase(std::unique(bodies.begin(), bodies.end()), bodies.end());
        if (bodies.size() < 2) return;   // one body on a plane: nothing passed on to count
        const Multibody::Kinematics was = system_.calcKinematics(q_, uBefore), is = kinematics();
        double fastest = 0.0;
        for (int b : bodies) fastest = std::max(fastest, was.bodies[b].velocity.norm());
        rec.bodiesMovingBefore = rec.bodiesMovingAfter = 0;
        for (int b : bodies) {
            rec.bodiesMovingBefore += was.bodies[b].velocity.norm() > kMovingSpeedFraction * fastest ? 1 : 0;
            rec.bodiesMovingAfter += is.bodies[b].velocity.norm() > kMovingSpeedFraction * fastest ? 1 : 0;
        }
    }

    // A single-contact law meets several touching contacts (a row of balls):
    // said once per instant.
    void noteOrdering(const std::vector<Touch>& near, double t, SimulationRun& run) {
        if (near.size() < 2 || orderingNotedAt_ == t) return;
        orderingNotedAt_ = t;
        std::ostringstream os;
        os << near.size() << " contacts (" << describe(near[0]) << " and others) touch at once at t = " << t << " s; "
           << law_.id << " handles one contact, so they are resolved one at a time, fastest first "
           << "(choose plus to resolve them together)";
        run.warnings.push_back(os.str());
    }

    // Plastic Coulomb impulses at slowly approaching touches (Gauss-Seidel
    // sweeps), then each touch that went in moved out along its normal in
    // joint coordinates (the least-M-norm displacement).
    void resolveRestingContacts(SimulationRun& run) {
        const Multibody::Kinematics& k = kinematics();   // not asked again below: u changes
        const std::vector<Touch> touching = findTouching();
        const auto isSlow = [&](const Touch& c) {
            return c.normalVelocity < -kRoundOffApproachSpeed && -c.normalVelocity <= options_.restSpeed;
        };
        const auto isIn = [&](const Touch& c) { return c.gap < -options_.contactGap; };
        if (std::none_of(touching.begin(), touching.end(), isSlow) && std::none_of(touching.begin(), touching.end(), isIn))
            return;
        const Multibody::MassMatrixFactor Mf = system_.factorMassMatrix(k, Multibody::Factorization::PivotedLdlt);
        std::vector<Eigen::MatrixXd> rows;
        for (const Touch& c : touching) rows.push_back(calcContactRows(k, c));
        for (int sweep = 0; sweep < kRestingSweeps; ++sweep) {
            bool any = false;
            for (size_t i = 0; i < touching.size(); ++i) {
                const Vec3 v = rows[i] * u_;
                if (v.z() >= -kRoundOffApproachSpeed || -v.z() > options_.restSpeed) continue;
                const Eigen::MatrixXd MinvGt = Mf.solve(rows[i].transpose());
                const Mat3 W = rows[i] * MinvGt;
                if (!(W(2, 2) > 0.0)) continue;
                Vec3 P(0.0, 0.0, -v.z() / W(2, 2) * (1.0 + CoulombPathOptions{}.eventImpulseRelTol));
                if (scene_.contact.friction > 0.0) {
                    PoissonOptions po;
                    po.path.recordTrace = false;
                    try {
                        P = solvePoisson(ImpactProblem::makeContactLevel(completeBlockedDirections(W), v,
                                                                         scene_.contact.friction, 0.0),
                                         po, nullptr).impulse;
                    } catch (const InputError&) {
                        // A W the law refuses (too ill-conditioned): the frictionless impulse above.
                    }
                }
                u_ += MinvGt * P;
                ++run.restingImpulses;
                any = true;
            }
            if (!any) break;
        }
        for (const Touch& c0 : touching) {
            if (!isIn(c0)) continue;
            const Multibody::Kinematics now = system_.calcKinematics(q_, u_);
            const Touch c = refind(c0, now);
            if (!isIn(c)) continue;
            const Eigen::RowVectorXd Jn = calcContactRows(now, c).row(2);
            const Eigen::VectorXd MinvJt = system_.factorMassMatrix(now, Multibody::Factorization::PivotedLdlt).solve(Jn.transpose());
            const double w = Jn.dot(MinvJt);
            if (w > 0.0) system_.displace(q_, MinvJt * (-c.gap / w));
        }
    }

    std::string describe(const Touch& c) const {
        return scene_.bodies[c.body].name + " / " +
               (c.other >= 0 ? scene_.bodies[c.other].name : touches_.getPlane(c.plane).name);
    }

    // s: the time of the next sample to record.
    double nextSampleTime(const SimulationRun& run) const {
        return static_cast<double>(run.samples.size()) * scene_.sampleInterval;
    }

    RunSample makeSample(double t) const { return makeSample(t, q_, u_); }
    RunSample makeSample(double t, const Eigen::VectorXd& q, const Eigen::VectorXd& u) const {
        Multibody::Kinematics& k = light_;
        system_.calcKinematics(q, u, k, false);
        RunSample s;
        s.time = t;
        s.bodies.reserve(k.bodies.size());
        for (const RigidBody& b : k.bodies) {
            s.bodies.push_back(makeBodyState(b));
            s.kineticEnergy += b.calcKineticEnergy();
            s.potentialEnergy += -b.mass * scene_.gravity.dot(b.position - scene_.groundHeight * up_);
        }
        return s;
    }

    static constexpr double kSampleTimeRelTol = 1e-12;   // as the free-body simulation
    static constexpr int kRestingSweeps = 8;
    // m/s: a resting touch approaching more slowly than this is round-off of
    // the last impact (a cradle's still balls), not worth an impulse: over a
    // whole run it closes less than contactGap.
    static constexpr double kRoundOffApproachSpeed = 1e-10;

    const SpatialScene& scene_;
    SimulationOptions options_;
    JointedFlightOptions flight_;
    std::optional<JointedCompliantOptions> compliant_;   // set: the compliant reference, no impacts
    const LawInfo& law_;
    const bool several_ = static_cast<bool>(law_.solveSeveral);
    Multibody system_;
    Vec3 up_ = scene_.gravity.norm() > 0.0 ? Vec3(-scene_.gravity.normalized()) : Vec3::UnitZ();
    TouchFinder touches_ = TouchFinder(scene_, system_, up_);
    std::vector<double> reach_;   // m: farthest body point from the centre of mass
    double smallestFeature_ = std::numeric_limits<double>::infinity();
    Eigen::VectorXd q_, u_;
    double step_ = flight_.firstStep;
    // Per tree root: held still through this flight; still at the last one's start.
    std::vector<bool> held_ = std::vector<bool>(scene_.bodies.size(), false);
    std::vector<bool> wasStill_ = held_;
    double orderingNotedAt_ = -1.0;
    std::chrono::steady_clock::time_point started_;   // when run() began: the budget counts from here
    std::map<std::array<int, 4>, double> onsets_;   // compliant: approach speed where each overlap began
    Multibody::ForceFunction contactForces_ =
        compliant_ ? Multibody::ForceFunction([this](const Multibody::Kinematics& k, Eigen::VectorXd& f) {
            addContactForces(k, f);
        })
                   : Multibody::ForceFunction();
    mutable std::optional<Multibody::Kinematics> current_;
    mutable std::optional<std::vector<Touch>> touching_;   // of current_, within contactGap
    mutable Multibody::Kinematics light_;   // poses only: samples, contact search
    mutable Eigen::VectorXd currentQ_, currentU_;
};

}  // namespace jointed

SimulationRun simulateJointed(const SpatialScene& scene, const SimulationOptions& options,
                              const JointedFlightOptions& flight) {
    return jointed::Simulator(scene, options, flight).run();
}

SimulationRun simulateJointedCompliant(const SpatialScene& scene, const SimulationOptions& options,
                                       const JointedCompliantOptions& compliant) {
    SimulationRun run = jointed::Simulator(scene, options, compliant.flight, compliant).run();
    addSpatialChannels(scene, run);
    return run;
}

}  // namespace impactlab
