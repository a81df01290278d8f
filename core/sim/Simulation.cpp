#include "sim/Simulation.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <sstream>

#include "impact/Poisson.h"
#include "laws/LawRegistry.h"
#include "sim/BodyFlight.h"
#include "sim/JointedSimulation.h"
#include "sim/PlanarSimulation.h"
#include "sim/VehicleSimulation.h"
#include "sim/RunChannels.h"

namespace impactlab {

namespace {

RigidBody makeBody(const SceneBody& sb, const BodyState& s) {
    RigidBody b = sb.body;
    b.position = s.position;
    b.orientation = s.orientation;
    b.velocity = s.velocity;
    b.angularVelocity = s.angularVelocity;
    return b;
}


// A touching (or nearly touching) pair: body `body` and `other` (-1: the
// ground). The normal points from `other` into `body`; normalVelocity is the
// relative velocity of `body` along it, negative while approaching.
struct Touch {
    int body = -1;
    int other = -1;
    double gap = 0.0;
    Vec3 point = Vec3::Zero();
    Vec3 normal = Vec3::UnitZ();
    double normalVelocity = 0.0;
};

Vec3 calcPointVelocity(const BodyState& s, const Vec3& p) { return s.velocity + s.angularVelocity.cross(p - s.position); }

class Simulator {
public:
    Simulator(const Scene& scene, const SimulationOptions& options)
        : scene_(scene), options_(options), law_(getLaw(scene.contact.law, "contact.law")) {
        up_ = scene.gravity.norm() > 0.0 ? Vec3(-scene.gravity.normalized()) : Vec3::UnitZ();
        for (const auto& b : scene.bodies) states_.push_back(makeBodyState(b.body));
        for (size_t i = 0; i < states_.size(); ++i) {
            if (lowest(i).gap < -options_.contactGap)
                throw InputError("bodies[" + std::to_string(i) + "].position", "starts below the ground");
            if (scene_.bodies[i].shape.type == Shape::Type::Sphere) spheres_.push_back(static_cast<int>(i));
        }
        for (const Touch& c : pairTouches(states_, 0.0)) {
            if (c.gap < -options_.contactGap)
                throw InputError("bodies[" + std::to_string(c.body) + "].position",
                                 "overlaps " + scene_.bodies[c.other].name + " at the start");
        }
    }

    SimulationRun run() {
        SimulationRun run;
        const auto started = std::chrono::steady_clock::now();
        run.endTime = scene_.endTime;
        double t = 0.0;
        double nextSample = 0.0;
        int sampleIndex = 0;
        while (true) {
            if (t >= nextSample - kSampleTimeRelTol * scene_.endTime) {
                run.samples.push_back(makeSample(t));
                nextSample = ++sampleIndex * scene_.sampleInterval;
            }
            if (t >= scene_.endTime) { run.endReason = "end time"; break; }
            if (hasExceededTimeBudget(options_, started, t, run)) {
                run.samples.push_back(makeSample(t));
                break;
            }
            if (!resolveImpactsAt(t, run)) break;
            if (isAtRest()) {
                run.endReason = "at rest";
                run.samples.push_back(makeSample(t));
                break;
            }
            const double h = std::min({options_.maxStep, nextSample - t, scene_.endTime - t});
            t = advance(t, h);
            resolveRestingContacts(run);
        }
        run.endTime = std::min(run.samples.back().time, scene_.endTime);
        return run;
    }

private:
    // The support point nearest the ground (smallest gap) of body i.
    Touch lowest(size_t i, const BodyState* state = nullptr) const {
        const BodyState& s = state ? *state : states_[i];
        Touch best;
        bool first = true;
        for (const Vec3& p : calcSupportPoints(scene_.bodies[i].shape, s, up_)) {
            const double gap = p.dot(up_) - scene_.groundHeight;
            if (first || gap < best.gap) {
                best = {static_cast<int>(i), -1, gap, p, up_, calcPointVelocity(s, p).dot(up_)};
                first = false;
            }
        }
        return best;
    }

    // Sphere pairs (body-body contacts) with a gap of at most maxGap in the
    // given states; the normal points from the higher index into the lower.
    std::vector<Touch> pairTouches(const std::vector<BodyState>& states, double maxGap) const {
        std::vector<Touch> out;
        appendPairTouches(states, maxGap, out);
        return out;
    }
    void appendPairTouches(const std::vector<BodyState>& states, double maxGap, std::vector<Touch>& out) const {
        for (size_t a = 0; a < spheres_.size(); ++a) {
            for (size_t b = a + 1; b < spheres_.size(); ++b) {
                const int i = spheres_[a], j = spheres_[b];
                // The gap alone first: most pairs of a row are far apart, and
                // a touch's point and velocities cost several times as much.
                // (With a relative margin, so round-off never culls a pair the
                // exact test below would keep.)
                const double reach = (scene_.bodies[i].shape.radius + scene_.bodies[j].shape.radius + maxGap) *
                                     (1.0 + kPairCullMargin);
                if (reach >= 0.0 && (states[i].position - states[j].position).squaredNorm() > reach * reach) continue;
                const Touch c = calcPairTouch(i, j, states[i], states[j]);
                if (c.gap <= maxGap) out.push_back(c);
            }
        }
    }

    Touch calcPairTouch(int i, int j, const BodyState& si, const BodyState& sj) const {
        const SpherePairTouch p = calcSpherePairTouch(
            si.position, scene_.bodies[i].shape.radius, sj.position, scene_.bodies[j].shape.radius, up_,
            [&](int which, const Vec3& x) { return calcPointVelocity(which == 0 ? si : sj, x); });
        return {i, j, p.gap, p.point, p.normal, p.normalVelocity};
    }

    // Bisects [0, h] for the first time the gap of touchAt(dt) turns
    // negative; returns h when it does not, or closes too slowly to be an impact.
    // With `linearApproach` the normal velocity is affine in time over a step
    // (a sphere's lowest point under uniform gravity: v_z; two spheres: their
    // centres' relative velocity is constant and the normal turns by a
    // negligible angle in a step), so slow approach at both ends means slow
    // approach throughout and the crossing needs no bisection (a row of
    // resting balls met this at every step).
    template <class TouchAt>
    double findImpactTime(double h, const TouchAt& touchAt, bool linearApproach) const {
        const Touch end = touchAt(h);
        if (end.gap >= 0.0) return h;
        const Touch start = touchAt(0.0);
        if (start.gap < 0.0) return h;
        if (linearApproach && -end.normalVelocity <= options_.restSpeed && -start.normalVelocity <= options_.restSpeed)
            return h;
        double lo = 0.0, hi = h;
        while (hi - lo > options_.eventTimeTol) {
            const double mid = 0.5 * (lo + hi);
            if (touchAt(mid).gap < 0.0) hi = mid; else lo = mid;
        }
        return -touchAt(hi).normalVelocity > options_.restSpeed ? hi : h;
    }

    // Advances all bodies by at most h, stopping early at the first time a
    // support point reaches the ground, or two spheres meet, approaching
    // faster than restSpeed.
    double advance(double t, double h) {
        auto flyBody = [&](size_t i, double dt) {
            return calcFlightState(scene_.bodies[i].body.principalInertia, states_[i], scene_.gravity, dt);
        };
        std::vector<BodyState> next(states_.size());
        for (size_t i = 0; i < states_.size(); ++i) next[i] = flyBody(i, h);
        double hit = h;
        for (size_t i = 0; i < states_.size(); ++i) {
            const bool sphere = scene_.bodies[i].shape.type == Shape::Type::Sphere;
            hit = std::min(hit, findImpactTime(h, [&](double dt) {
                              if (dt == h) return lowest(i, &next[i]);
                              const BodyState s = flyBody(i, dt);
                              return lowest(i, &s);
                          }, sphere));
        }
        for (const Touch& c : pairTouches(next, 0.0)) {
            const size_t i = static_cast<size_t>(c.body), j = static_cast<size_t>(c.other);
            hit = std::min(hit, findImpactTime(h, [&](double dt) {
                              return calcPairTouch(c.body, c.other, flyBody(i, dt), flyBody(j, dt));
                          }, true));
        }
        for (size_t i = 0; i < states_.size(); ++i) states_[i] = hit == h ? next[i] : flyBody(i, hit);
        return t + hit;
    }

    // Every touch within maxGap: each body with the ground, sphere with sphere.
    std::vector<Touch> allTouches(double maxGap) const {
        std::vector<Touch> out;
        out.reserve(SupportPoints::kMaxPoints * states_.size() + spheres_.size());
        for (size_t i = 0; i < states_.size(); ++i) appendTouches(i, maxGap, out);
        appendPairTouches(states_, maxGap, out);
        return out;
    }

    std::string describe(const Touch& c) const {
        return scene_.bodies[c.body].name + " / " + (c.other < 0 ? std::string("ground") : scene_.bodies[c.other].name);
    }

    // Resolves every impact (approach faster than restSpeed at a touching
    // point) at time t, the fastest first, until none is left.
    bool resolveImpactsAt(double t, SimulationRun& run) {
        for (int n = 0; n < options_.maxImpactsPerInstant; ++n) {
            const Touch* worst = nullptr;
            const std::vector<Touch> touching = allTouches(options_.contactGap);
            for (const Touch& c : touching) {
                if (-c.normalVelocity > options_.restSpeed && (!worst || c.normalVelocity < worst->normalVelocity))
                    worst = &c;
            }
            if (!worst) return true;
            if (static_cast<int>(run.impacts.size()) >= options_.maxImpacts) {
                run.warnings.push_back("impact limit of " + std::to_string(options_.maxImpacts) + " reached at t = " + std::to_string(t) + " s");
                run.endReason = "impact limit";
                return false;
            }
            ImpactEventRecord rec;
            rec.time = t;
            rec.body = worst->body;
            rec.otherBody = worst->other;
            rec.point = worst->point;
            rec.problem = makeProblem(*worst, scene_.contact.restitution);
            rec.contact = describe(*worst);
            rec.frame = rec.problem.bodies->frame;
            const RunSample before = makeSample(t);
            rec.kineticEnergyBefore = before.kineticEnergy;
            rec.potentialEnergy = before.potentialEnergy;
            const std::vector<Touch> together =
                findConnected(*worst, severalContacts_ ? options_.proximity : options_.contactGap);
            if (severalContacts_ && together.size() > 1) {
                resolveTogether(together, rec);
            } else {
                if (together.size() > 1) noteOrdering(together, t, run);
                rec.result = law_.solve(rec.problem, scene_.contact.lawOptions, options_.recordTraces ? &rec.trace : nullptr);
                states_[worst->body] = makeBodyState(rec.result.bodiesAfter->body1);
                if (worst->other >= 0) states_[worst->other] = makeBodyState(rec.result.bodiesAfter->body2);
                rec.contactPoints = {worst->point};
                rec.contactImpulses = {rec.frame.toWorld(rec.result.impulse)};
            }
            rec.kineticEnergyAfter = makeSample(t).kineticEnergy;
            for (const auto& w : rec.result.warnings)
                run.warnings.push_back("impact " + std::to_string(run.impacts.size() + 1) + ": " + w);
            run.impacts.push_back(std::move(rec));
        }
        run.warnings.push_back("more than " + std::to_string(options_.maxImpactsPerInstant) +
                               " impacts at one instant, t = " + std::to_string(t) + " s; run stopped");
        run.endReason = "impact limit";
        return false;
    }

    // The touches within maxGap connected to `seed` through the bodies they
    // share (the ground, being fixed, connects nothing): a brick's corners, a
    // row of touching balls with their ground contacts. The seed comes first.
    std::vector<Touch> findConnected(const Touch& seed, double maxGap) const {
        const std::vector<Touch> near = allTouches(maxGap);
        std::vector<bool> inCluster(states_.size(), false), taken(near.size(), false);
        inCluster[seed.body] = true;
        if (seed.other >= 0) inCluster[seed.other] = true;
        std::vector<Touch> out = {seed};
        for (bool grew = true; grew;) {
            grew = false;
            for (size_t k = 0; k < near.size(); ++k) {
                const Touch& c = near[k];
                if (taken[k] || !(inCluster[c.body] || (c.other >= 0 && inCluster[c.other]))) continue;
                taken[k] = true;
                grew = true;
                inCluster[c.body] = true;
                if (c.other >= 0) inCluster[c.other] = true;
                const bool isSeed = c.body == seed.body && c.other == seed.other && c.point.isApprox(seed.point);
                if (!isSeed) out.push_back(c);
            }
        }
        return out;
    }

    // Every touch of the cluster in one contact-space problem, solved by a
    // law that handles several contacts (PLUS, Uchida et al. 2015): a brick
    // landing flat is one impact of four contacts, a striker meeting a row of
    // touching balls one impact of the whole row, not impacts in an arbitrary
    // order. The record keeps the single-contact view of the fastest touch
    // (together[0], for the impulse diagram) and every contact's impulse.
    void resolveTogether(const std::vector<Touch>& together, ImpactEventRecord& rec) {
        BodyContacts system;
        std::vector<int> local(states_.size(), -1), global;
        auto localIndex = [&](int body) {
            if (local[body] < 0) {
                local[body] = static_cast<int>(global.size());
                global.push_back(body);
                system.bodies.push_back(makeBody(scene_.bodies[body], states_[body]));
            }
            return local[body];
        };
        for (const Touch& c : together) {
            localIndex(c.body);
            if (c.other >= 0) localIndex(c.other);
        }
        const int ground = static_cast<int>(system.bodies.size());
        system.bodies.push_back(RigidBody::makeFixed());
        std::vector<ContactParameters> params;
        for (const Touch& c : together) {
            BodyContactPoint p;
            p.body1 = local[c.body];
            p.body2 = c.other >= 0 ? local[c.other] : ground;
            p.point = c.point;
            p.frame = ContactFrame::makeFromNormal(c.normal);
            system.contacts.push_back(p);
            ContactParameters cp;
            cp.friction = scene_.contact.friction;
            cp.restitution = scene_.contact.restitution;
            params.push_back(cp);
        }
        const ContactSpaceProblem problem = ContactSpaceProblem::makeBodyLevel(std::move(params), system);
        const ContactSpaceResult r = solveContactSpace(law_, problem, scene_.contact.lawOptions);
        if (!r.bodiesAfter) throw std::logic_error("a body-level contact-space result without the bodies after it");
        for (size_t k = 0; k < global.size(); ++k) states_[global[k]] = makeBodyState((*r.bodiesAfter)[k]);
        rec.simultaneousContacts = problem.getContactCount();
        for (int k = 0; k < problem.getContactCount(); ++k) {
            rec.contactPoints.push_back(system.contacts[k].point);
            rec.contactImpulses.push_back(system.contacts[k].frame.toWorld(r.getImpulse(k)));
        }
        // The single-contact summary, and the two bodies of the fastest touch after.
        summarizeSeveralContacts(r, rec);
        TwoBodyContact after = *rec.problem.bodies;
        after.body1 = (*r.bodiesAfter)[local[together[0].body]];
        if (together[0].other >= 0) after.body2 = (*r.bodiesAfter)[local[together[0].other]];
        rec.result.bodiesAfter = after;
    }

    // A law that handles one contact meets several touches at once: they are
    // resolved one at a time, fastest approach first, each against the
    // velocities the previous one left (said once per instant).
    void noteOrdering(const std::vector<Touch>& together, double t, SimulationRun& run) {
        if (orderingNotedAt_ == t) return;
        int approaching = 0;
        for (const Touch& c : together) approaching += -c.normalVelocity > options_.restSpeed ? 1 : 0;
        if (approaching < 2) return;
        orderingNotedAt_ = t;
        std::ostringstream os;
        os << approaching << " contacts (" << describe(together[0]) << " and others) close at once at t = " << t
           << " s; " << law_.id << " handles one contact, so they are resolved one at a time, fastest first "
           << "(choose plus to resolve them together)";
        run.warnings.push_back(os.str());
    }

    // Plastic Coulomb impulses at slowly approaching touches (ground and
    // sphere pairs), then position corrections out of the ground and apart.
    void resolveRestingContacts(SimulationRun& run) {
        for (int sweep = 0; sweep < kRestingSweeps; ++sweep) {
            bool any = false;
            for (const Touch& c0 : allTouches(options_.contactGap)) {
                const Touch c = refresh(c0);   // an earlier impulse of this sweep may have changed it
                if (c.normalVelocity >= 0.0 || -c.normalVelocity > options_.restSpeed) continue;
                if (scene_.contact.friction == 0.0) {
                    applyFrictionlessPlasticImpulse(c);
                } else {
                    const ImpactProblem p = makeProblem(c, 0.0);
                    PoissonOptions po;
                    po.path.recordTrace = false;
                    const ImpactResult r = solvePoisson(p, po, nullptr);
                    states_[c.body] = makeBodyState(r.bodiesAfter->body1);
                    if (c.other >= 0) states_[c.other] = makeBodyState(r.bodiesAfter->body2);
                }
                ++run.restingImpulses;
                any = true;
            }
            if (!any) break;
        }
        for (const Touch& c : pairTouches(states_, 0.0)) {
            if (c.gap >= 0.0) continue;
            // Apart along the normal, each body by its share of the inverse mass.
            const double wi = 1.0 / scene_.bodies[c.body].body.mass, wj = 1.0 / scene_.bodies[c.other].body.mass;
            states_[c.body].position -= c.gap * wi / (wi + wj) * c.normal;
            states_[c.other].position += c.gap * wj / (wi + wj) * c.normal;
        }
        for (size_t i = 0; i < states_.size(); ++i) {
            const Touch low = lowest(i);
            if (low.gap < 0.0) states_[i].position -= low.gap * up_;
        }
    }

    // The plastic impulse of a frictionless touch in closed form: the path in
    // impulse space is the normal line, so compression ends at
    // P = -v_n / (n . W n) (Jia & Wang eqs. 20-22 with I_t = 0), which is what
    // solvePoisson with e = 0 integrates to (a resting contact meets this
    // thousands of times per run).
    void applyFrictionlessPlasticImpulse(const Touch& c) {
        RigidBody a = makeBody(scene_.bodies[c.body], states_[c.body]);
        RigidBody b = c.other >= 0 ? makeBody(scene_.bodies[c.other], states_[c.other]) : RigidBody::makeFixed();
        const double wnn = calcNormalCompliance(a, b, c.point, c.normal);
        if (!(wnn > 0.0)) return;   // two fixed bodies: nothing moves
        // Like the path's event location, end just past v_n = 0 (by its
        // tolerance), never short of it: a contact left approaching by
        // round-off would be resolved again in the next sweep.
        const double P = -c.normalVelocity / wnn * (1.0 + CoulombPathOptions{}.eventImpulseRelTol);
        a.applyImpulse(P * c.normal, c.point);
        states_[c.body] = makeBodyState(a);
        if (c.other >= 0) {
            b.applyImpulse(-P * c.normal, c.point);
            states_[c.other] = makeBodyState(b);
        }
    }

    // The touch with the normal velocity of the current states (same points).
    Touch refresh(const Touch& c) const {
        if (c.other >= 0) return calcPairTouch(c.body, c.other, states_[c.body], states_[c.other]);
        Touch r = c;
        r.normalVelocity = calcPointVelocity(states_[c.body], c.point).dot(c.normal);
        return r;
    }

    // Support points of body i within `maxGap` of the ground (contactGap by default).
    std::vector<Touch> touches(size_t i, double maxGap = -1.0) const {
        std::vector<Touch> out;
        appendTouches(i, maxGap < 0.0 ? options_.contactGap : maxGap, out);
        return out;
    }
    void appendTouches(size_t i, double maxGap, std::vector<Touch>& out) const {
        const BodyState& s = states_[i];
        for (const Vec3& p : calcSupportPoints(scene_.bodies[i].shape, s, up_)) {
            const double gap = p.dot(up_) - scene_.groundHeight;
            if (gap > maxGap) continue;
            out.push_back({static_cast<int>(i), -1, gap, p, up_, calcPointVelocity(s, p).dot(up_)});
        }
    }

    ImpactProblem makeProblem(const Touch& c, double restitution) const {
        TwoBodyContact tc;
        tc.body1 = makeBody(scene_.bodies[c.body], states_[c.body]);
        tc.body2 = c.other >= 0 ? makeBody(scene_.bodies[c.other], states_[c.other]) : RigidBody::makeFixed();
        tc.point = c.point;
        tc.frame = ContactFrame::makeFromNormal(c.normal);
        return ImpactProblem::makeBodyLevel(tc, scene_.contact.friction, restitution);
    }

    bool isAtRest() const {
        for (size_t i = 0; i < states_.size(); ++i) {
            const RigidBody b = makeBody(scene_.bodies[i], states_[i]);
            if (b.calcKineticEnergy() > options_.restSpecificEnergy * b.mass) return false;
            if (touches(i).empty()) return false;
        }
        return true;
    }

    RunSample makeSample(double t) const {
        RunSample s;
        s.time = t;
        s.bodies = states_;
        for (size_t i = 0; i < states_.size(); ++i) {
            const RigidBody b = makeBody(scene_.bodies[i], states_[i]);
            s.kineticEnergy += b.calcKineticEnergy();
            s.potentialEnergy += -b.mass * scene_.gravity.dot(b.position - scene_.groundHeight * up_);
        }
        return s;
    }

    // Sample times are sums of steps: round-off must not skip a sample.
    static constexpr double kSampleTimeRelTol = 1e-12;
    // Gauss-Seidel sweeps over the touching points of one body per step.
    static constexpr int kRestingSweeps = 8;
    // Relative margin of the distance test that skips sphere pairs far apart
    // before their touch is computed (appendPairTouches).
    static constexpr double kPairCullMargin = 1e-9;

    const Scene& scene_;
    SimulationOptions options_;
    const LawInfo& law_;
    const bool severalContacts_ = static_cast<bool>(law_.solveSeveral);   // the law solves several contacts natively
    double orderingNotedAt_ = -1.0;
    Vec3 up_;
    std::vector<int> spheres_;   // bodies whose shape is a sphere: they meet one another
    std::vector<BodyState> states_;
};

}  // namespace

namespace {
// The two ends of the several-contacts note, as isSeveralContactsNote reads it.
constexpr const char* kSeveralContactsNoteMiddle = " contacts resolved together (";
constexpr const char* kSeveralContactsNoteEnd = " intervals); the diagram shows the fastest one";
}  // namespace

bool isSeveralContactsNote(const std::string& warning) {
    const std::string end = kSeveralContactsNoteEnd;
    return warning.find(kSeveralContactsNoteMiddle) != std::string::npos && warning.size() >= end.size() &&
           warning.compare(warning.size() - end.size(), end.size(), end) == 0;
}

void summarizeSeveralContacts(const ContactSpaceResult& r, ImpactEventRecord& rec) {
    rec.rounds = r.rounds;
    rec.intervals = r.intervals;
    rec.result.model = r.model;
    rec.result.impulse = r.getImpulse(0);
    rec.result.vPlus = r.getVelocityAfter(0);
    rec.result.energyBefore = r.energyBefore;
    rec.result.energyAfter = r.energyAfter;
    rec.result.status = r.status;
    rec.result.steps = r.intervals;
    rec.result.warnings = r.warnings;
    if (r.getContactCount() > 1)
        rec.result.warnings.push_back(std::to_string(r.getContactCount()) + kSeveralContactsNoteMiddle +
                                      std::to_string(r.rounds) + " rounds, " + std::to_string(r.intervals) +
                                      kSeveralContactsNoteEnd);
}

bool hasExceededTimeBudget(const SimulationOptions& options, std::chrono::steady_clock::time_point started, double t,
                           SimulationRun& run) {
    if (options.progress && !options.progress(t)) {
        run.warnings.push_back("run cancelled at t = " + std::to_string(t) + " s of simulated time");
        run.endReason = "cancelled";
        return true;
    }
    const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - started;
    if (elapsed.count() <= options.maxRunSeconds) return false;
    std::ostringstream os;
    os << "time limit of " << options.maxRunSeconds << " s of computing reached at t = " << t
       << " s of simulated time; run stopped";
    run.warnings.push_back(os.str());
    run.endReason = "time limit";
    return true;
}

SupportPoints calcSupportPoints(const Shape& shape, const BodyState& state, const Vec3& up) {
    SupportPoints pts;
    if (shape.type == Shape::Type::Sphere) {
        pts.points[pts.count++] = state.position - shape.radius * up;
        return pts;
    }
    if (shape.type == Shape::Type::Rod) {
        // A solid cylinder: its lowest points are on its end rims, a radius
        // from each end's centre away from `up` across the axis (the end's
        // centre when the axis is along `up` and the disc lies flat).
        constexpr double kAxisAlongUp = 1e-12;
        const Vec3 axis = state.orientation * Vec3::UnitX();
        const Vec3 across = up - up.dot(axis) * axis;
        const double norm = across.norm();
        const Vec3 rim = norm > kAxisAlongUp ? Vec3(0.5 * shape.thickness * across / norm) : Vec3::Zero();
        for (double side : {-0.5, 0.5}) pts.points[pts.count++] = state.position + side * shape.length * axis - rim;
        return pts;
    }
    const Mat3 R = state.orientation.toRotationMatrix();
    for (int k = 0; k < SupportPoints::kMaxPoints; ++k) {
        const Vec3 sign((k & 1) ? 1 : -1, (k & 2) ? 1 : -1, (k & 4) ? 1 : -1);
        pts.points[pts.count++] = state.position + R * sign.cwiseProduct(shape.halfExtents);
    }
    return pts;
}

std::vector<BodyState> SimulationRun::calcStatesAt(double t) const {
    if (samples.empty()) return {};
    if (t <= samples.front().time) return samples.front().bodies;
    if (t >= samples.back().time) return samples.back().bodies;
    auto it = std::upper_bound(samples.begin(), samples.end(), t,
                               [](double x, const RunSample& s) { return x < s.time; });
    const RunSample& b = *it;
    const RunSample& a = *(it - 1);
    const double u = (t - a.time) / (b.time - a.time);
    std::vector<BodyState> out(a.bodies.size());
    for (size_t i = 0; i < out.size(); ++i) {
        out[i].position = (1 - u) * a.bodies[i].position + u * b.bodies[i].position;
        out[i].velocity = (1 - u) * a.bodies[i].velocity + u * b.bodies[i].velocity;
        out[i].angularVelocity = (1 - u) * a.bodies[i].angularVelocity + u * b.bodies[i].angularVelocity;
        out[i].orientation = a.bodies[i].orientation.slerp(u, b.bodies[i].orientation);
    }
    return out;
}

SimulationRun simulate(const SpatialScene& scene, const SimulationOptions& options) {
    SimulationRun run = scene.isJointed() ? simulateJointed(scene, options) : Simulator(scene, options).run();
    addSpatialChannels(scene, run);
    return run;
}

SimulationRun simulate(const PlanarScene& scene, const SimulationOptions& options) {
    return simulatePlanar(scene, options);
}

SimulationRun simulate(const VehicleScene& scene, const SimulationOptions&) { return simulateVehicles(scene); }

SimulationRun simulate(const SimulatedScene& scene, const SimulationOptions& options) {
    return std::visit([&options](const auto& s) { return simulate(s, options); }, scene);
}

}  // namespace impactlab
