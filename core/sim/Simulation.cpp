#include "sim/Simulation.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <sstream>

#include "impact/ContactSpaceAdapter.h"
#include "impact/LawRegistry.h"
#include "impact/Poisson.h"
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

BodyState stateOf(const RigidBody& b) {
    return {b.position, b.orientation, b.velocity, b.angularVelocity};
}

// Torque-free rotation, Euler's equations in body axes, with RK4:
//   J w_b' = (J w_b) x w_b,   q' = 1/2 q (0, w_b).
void rotate(const Vec3& J, BodyState& s, double h) {
    if (s.angularVelocity.isZero()) return;
    if ((J.array() == J.x()).all()) {   // spherical inertia: w is constant
        const double angle = s.angularVelocity.norm() * h;
        s.orientation = (Quat(Eigen::AngleAxisd(angle, s.angularVelocity.normalized())) * s.orientation).normalized();
        return;
    }
    auto f = [&](const Quat& q, const Vec3& wb, Quat& dq, Vec3& dwb) {
        dwb = (J.asDiagonal() * wb).cross(wb).cwiseQuotient(J);
        const Quat omega(0.0, wb.x(), wb.y(), wb.z());
        dq.coeffs() = 0.5 * (q * omega).coeffs();
    };
    auto add = [](const Quat& q, const Quat& dq, double k) {
        Quat r;
        r.coeffs() = q.coeffs() + k * dq.coeffs();
        return r;
    };
    const Quat q0 = s.orientation;
    const Vec3 w0 = q0.conjugate() * s.angularVelocity;
    Quat k1q, k2q, k3q, k4q;
    Vec3 k1w, k2w, k3w, k4w;
    f(q0, w0, k1q, k1w);
    f(add(q0, k1q, 0.5 * h), w0 + 0.5 * h * k1w, k2q, k2w);
    f(add(q0, k2q, 0.5 * h), w0 + 0.5 * h * k2w, k3q, k3w);
    f(add(q0, k3q, h), w0 + h * k3w, k4q, k4w);
    Quat q;
    q.coeffs() = q0.coeffs() + h / 6.0 * (k1q.coeffs() + 2 * k2q.coeffs() + 2 * k3q.coeffs() + k4q.coeffs());
    q.normalize();
    const Vec3 wb = w0 + h / 6.0 * (k1w + 2 * k2w + 2 * k3w + k4w);
    s.orientation = q;
    s.angularVelocity = q * wb;
}

BodyState fly(const Vec3& J, const BodyState& s, const Vec3& g, double h) {
    BodyState r = s;
    r.position += s.velocity * h + 0.5 * g * h * h;
    r.velocity += g * h;
    rotate(J, r, h);
    return r;
}

struct Touch {
    double gap = 0.0;
    Vec3 point = Vec3::Zero();
    double normalVelocity = 0.0;
};

class Simulator {
public:
    Simulator(const Scene& scene, const SimulationOptions& options)
        : scene_(scene), options_(options), law_(getLaw(scene.contact.law, "contact.law")) {
        up_ = scene.gravity.norm() > 0.0 ? Vec3(-scene.gravity.normalized()) : Vec3::UnitZ();
        for (const auto& b : scene.bodies) states_.push_back(stateOf(b.body));
        for (size_t i = 0; i < states_.size(); ++i) {
            if (lowest(i).gap < -options_.contactGap)
                throw InputError("bodies[" + std::to_string(i) + "].position", "starts below the ground");
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
                best.gap = gap;
                best.point = p;
                best.normalVelocity = (s.velocity + s.angularVelocity.cross(p - s.position)).dot(up_);
                first = false;
            }
        }
        return best;
    }

    // Advances all bodies by at most h, stopping early at the first time a
    // support point reaches the ground moving faster than restSpeed.
    double advance(double t, double h) {
        std::vector<BodyState> next(states_.size());
        double hit = h;
        for (size_t i = 0; i < states_.size(); ++i) {
            const Vec3 J = scene_.bodies[i].body.principalInertia;
            next[i] = fly(J, states_[i], scene_.gravity, h);
            const Touch end = lowest(i, &next[i]);
            if (end.gap >= 0.0 || lowest(i).gap < 0.0) continue;
            // Bisect for the first contact time within the step.
            double lo = 0.0, hi = h;
            while (hi - lo > options_.eventTimeTol) {
                const double mid = 0.5 * (lo + hi);
                const BodyState m = fly(J, states_[i], scene_.gravity, mid);
                if (lowest(i, &m).gap < 0.0) hi = mid; else lo = mid;
            }
            const BodyState at = fly(J, states_[i], scene_.gravity, hi);
            if (-lowest(i, &at).normalVelocity > options_.restSpeed) hit = std::min(hit, hi);
        }
        for (size_t i = 0; i < states_.size(); ++i)
            states_[i] = hit == h ? next[i] : fly(scene_.bodies[i].body.principalInertia, states_[i], scene_.gravity, hit);
        return t + hit;
    }

    // Resolves every impact (approach faster than restSpeed at a touching
    // point) at time t, one contact at a time, until none is left.
    bool resolveImpactsAt(double t, SimulationRun& run) {
        for (int n = 0; n < options_.maxImpactsPerInstant; ++n) {
            int body = -1;
            Touch worst;
            for (size_t i = 0; i < states_.size(); ++i) {
                for (const Touch& c : touches(i)) {
                    if (-c.normalVelocity > options_.restSpeed && (body < 0 || c.normalVelocity < worst.normalVelocity)) {
                        body = static_cast<int>(i);
                        worst = c;
                    }
                }
            }
            if (body < 0) return true;
            if (static_cast<int>(run.impacts.size()) >= options_.maxImpacts) {
                run.warnings.push_back("impact limit of " + std::to_string(options_.maxImpacts) + " reached at t = " + std::to_string(t) + " s");
                run.endReason = "impact limit";
                return false;
            }
            ImpactEventRecord rec;
            rec.time = t;
            rec.body = body;
            rec.point = worst.point;
            rec.problem = makeProblem(body, worst.point, scene_.contact.restitution);
            rec.contact = scene_.bodies[body].name + " / ground";
            rec.frame = rec.problem.bodies->frame;
            const RunSample before = makeSample(t);
            rec.kineticEnergyBefore = before.kineticEnergy;
            rec.potentialEnergy = before.potentialEnergy;
            const std::vector<Touch> together =
                touches(static_cast<size_t>(body), contactSpaceLaw_ ? options_.proximity : options_.contactGap);
            if (contactSpaceLaw_ && together.size() > 1) {
                resolveTogether(body, together, worst, rec);
            } else {
                if (together.size() > 1) noteOrdering(body, together, t, run);
                rec.result = law_.solve(rec.problem, scene_.contact.lawOptions, options_.recordTraces ? &rec.trace : nullptr);
                states_[body] = stateOf(rec.result.bodiesAfter->body1);
                rec.contactPoints = {worst.point};
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

    // Every touching point of `body` in one contact-space problem, solved by
    // a law that handles several contacts (PLUS, Uchida et al. 2015): a brick
    // landing flat is one impact of four contacts, not four impacts in an
    // arbitrary order. The record keeps the single-contact view of the
    // fastest point (for the impulse diagram) and every contact's impulse.
    void resolveTogether(int body, const std::vector<Touch>& together, const Touch& worst, ImpactEventRecord& rec) {
        BodyContacts system;
        system.bodies = {makeBody(scene_.bodies[body], states_[body]), RigidBody::makeFixed()};
        std::vector<ContactParameters> params;
        int fastest = 0;
        for (std::size_t k = 0; k < together.size(); ++k) {
            BodyContactPoint c;
            c.body1 = 0;
            c.body2 = 1;
            c.point = together[k].point;
            c.frame = ContactFrame::makeFromNormal(up_);
            system.contacts.push_back(c);
            ContactParameters p;
            p.friction = scene_.contact.friction;
            p.restitution = scene_.contact.restitution;
            params.push_back(p);
            if (together[k].point.isApprox(worst.point)) fastest = static_cast<int>(k);
        }
        const ContactSpaceProblem problem = ContactSpaceProblem::makeBodyLevel(std::move(params), system);
        const ContactSpaceResult r = solveContactSpace(law_, problem, scene_.contact.lawOptions);
        if (!r.bodiesAfter) throw std::logic_error("a body-level contact-space result without the bodies after it");
        states_[body] = stateOf(r.bodiesAfter->front());
        rec.simultaneousContacts = problem.getContactCount();
        for (int k = 0; k < problem.getContactCount(); ++k) {
            rec.contactPoints.push_back(system.contacts[k].point);
            rec.contactImpulses.push_back(system.contacts[k].frame.toWorld(r.getImpulse(k)));
        }
        // The single-contact summary: the fastest point's impulse, the whole
        // body's energies and state after.
        rec.result.model = r.model;
        rec.result.impulse = r.getImpulse(fastest);
        rec.result.vPlus = r.getVelocityAfter(fastest);
        rec.result.energyBefore = r.energyBefore;
        rec.result.energyAfter = r.energyAfter;
        rec.result.status = r.status;
        rec.result.steps = r.intervals;
        rec.result.warnings = r.warnings;
        rec.result.warnings.push_back(std::to_string(problem.getContactCount()) + " contacts resolved together (" +
                                      std::to_string(r.rounds) + " rounds, " + std::to_string(r.intervals) +
                                      " intervals); the diagram shows the fastest one");
        TwoBodyContact after = *rec.problem.bodies;
        after.body1 = r.bodiesAfter->front();
        rec.result.bodiesAfter = after;
    }

    // A law that handles one contact meets several touching points of one
    // body: they are resolved one at a time, fastest approach first, each
    // against the velocities the previous one left (said once per instant).
    void noteOrdering(int body, const std::vector<Touch>& together, double t, SimulationRun& run) {
        if (orderingNotedAt_ == t) return;
        int approaching = 0;
        for (const Touch& c : together) approaching += -c.normalVelocity > options_.restSpeed ? 1 : 0;
        if (approaching < 2) return;
        orderingNotedAt_ = t;
        std::ostringstream os;
        os << approaching << " points of " << scene_.bodies[body].name << " approach the ground at once at t = " << t
           << " s; " << law_.id << " handles one contact, so they are resolved one at a time, fastest first "
           << "(choose plus to resolve them together)";
        run.warnings.push_back(os.str());
    }

    // Plastic Coulomb impulses at slowly approaching touching points, then a
    // position correction out of the ground.
    void resolveRestingContacts(SimulationRun& run) {
        for (size_t i = 0; i < states_.size(); ++i) {
            for (int sweep = 0; sweep < kRestingSweeps; ++sweep) {
                bool any = false;
                for (const Touch& c : touches(i)) {
                    if (c.normalVelocity >= 0.0 || -c.normalVelocity > options_.restSpeed) continue;
                    const ImpactProblem p = makeProblem(static_cast<int>(i), c.point, 0.0);
                    PoissonOptions po;
                    po.path.recordTrace = false;
                    const ImpactResult r = solvePoisson(p, po, nullptr);
                    states_[i] = stateOf(r.bodiesAfter->body1);
                    ++run.restingImpulses;
                    any = true;
                }
                if (!any) break;
            }
            const Touch low = lowest(i);
            if (low.gap < 0.0) states_[i].position -= low.gap * up_;
        }
    }

    // Support points of body i within `maxGap` of the ground (contactGap by default).
    std::vector<Touch> touches(size_t i, double maxGap = -1.0) const {
        if (maxGap < 0.0) maxGap = options_.contactGap;
        std::vector<Touch> out;
        const BodyState& s = states_[i];
        for (const Vec3& p : calcSupportPoints(scene_.bodies[i].shape, s, up_)) {
            const double gap = p.dot(up_) - scene_.groundHeight;
            if (gap > maxGap) continue;
            out.push_back({gap, p, (s.velocity + s.angularVelocity.cross(p - s.position)).dot(up_)});
        }
        return out;
    }

    ImpactProblem makeProblem(int body, const Vec3& point, double restitution) const {
        TwoBodyContact c;
        c.body1 = makeBody(scene_.bodies[body], states_[body]);
        c.body2 = RigidBody::makeFixed();
        c.point = point;
        c.frame = ContactFrame::makeFromNormal(up_);
        return ImpactProblem::makeBodyLevel(c, scene_.contact.friction, restitution);
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

    const Scene& scene_;
    SimulationOptions options_;
    const LawInfo& law_;
    const ContactSpaceLawInfo* contactSpaceLaw_ = findContactSpaceLaw(law_.id);
    double orderingNotedAt_ = -1.0;
    Vec3 up_;
    std::vector<BodyState> states_;
};

}  // namespace

bool hasExceededTimeBudget(const SimulationOptions& options, std::chrono::steady_clock::time_point started, double t,
                           SimulationRun& run) {
    const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - started;
    if (elapsed.count() <= options.maxRunSeconds) return false;
    std::ostringstream os;
    os << "time limit of " << options.maxRunSeconds << " s of computing reached at t = " << t
       << " s of simulated time; run stopped";
    run.warnings.push_back(os.str());
    run.endReason = "time limit";
    return true;
}

std::vector<Vec3> calcSupportPoints(const Shape& shape, const BodyState& state, const Vec3& up) {
    if (shape.type == Shape::Type::Sphere) return {state.position - shape.radius * up};
    std::vector<Vec3> pts;
    const Mat3 R = state.orientation.toRotationMatrix();
    for (int k = 0; k < 8; ++k) {
        const Vec3 sign((k & 1) ? 1 : -1, (k & 2) ? 1 : -1, (k & 4) ? 1 : -1);
        pts.push_back(state.position + R * sign.cwiseProduct(shape.halfExtents));
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

SimulationRun simulate(const Scene& scene, const SimulationOptions& options) {
    if (scene.kind == SceneKind::Planar) return simulatePlanar(scene, options);
    if (scene.kind == SceneKind::Vehicles) return simulateVehicles(scene);
    SimulationRun run = Simulator(scene, options).run();
    addSpatialChannels(scene, run);
    return run;
}

}  // namespace impactlab
