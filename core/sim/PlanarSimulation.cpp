#include "sim/PlanarSimulation.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "impact/Poisson.h"
#include "impact/planar/PlanarContactProblem.h"
#include "laws/LawRegistry.h"
#include "mechanics/NumberText.h"
#include "mechanics/planar/PlanarContactGeometry.h"
#include "sim/RunChannels.h"

namespace impactlab {

namespace {

// Sample times are sums of steps: round-off must not skip a sample.
constexpr double kSampleTimeRelTol = 1e-12;
// Gauss-Seidel sweeps over the resting contacts per step (as the spatial run).
constexpr int kRestingSweeps = 8;
// Newton iterations of the position correction out of walls and bodies: the
// gaps are linear in q for free bodies and nearly so for a pinned one.
constexpr int kPositionCorrectionIterations = 4;
// Steps that end where they began (an event at the start of the step that no
// impact resolves) before the run is stopped instead of looping.
constexpr int kMaxStalledSteps = 3;
// m/s. Approach slower than this is no approach: the 3D image of the same
// contact may compute it with the opposite sign from round-off (~1e-16 m/s),
// and a body-level problem must approach.
constexpr double kMinApproachSpeed = 1e-9;

struct PlanarTouch {
    int candidate = -1;
    PlanarGap gap;
    double vn = 0.0;   // m/s, relative normal velocity (< 0: approaching)
};

class PlanarSimulator {
public:
    PlanarSimulator(const PlanarScene& scene, const SimulationOptions& options)
        : scene_(scene),
          system_(scene.planar.system),
          options_(options),
          law_(getLaw(scene.contact.law, "contact.law")),
          candidates_(listContactCandidates(system_)),
          Minv_(system_.calcInverseMassMatrix()),
          state_(scene.planar.initial) {}

    SimulationRun run() {
        SimulationRun run;
        const auto started = std::chrono::steady_clock::now();
        double t = 0.0;
        double nextSample = 0.0;
        int sampleIndex = 0;
        int stalled = 0;
        while (true) {
            if (t >= nextSample - kSampleTimeRelTol * scene_.endTime) {
                addSample(run, t);
                nextSample = ++sampleIndex * scene_.sampleInterval;
            }
            if (t >= scene_.endTime) {
                run.endReason = "end time";
                break;
            }
            if (hasExceededTimeBudget(options_, started, t, run)) {
                addSample(run, t);
                break;
            }
            const std::size_t impactsBefore = run.impacts.size();
            if (!resolveImpactsAt(t, run)) {
                if (run.samples.back().time < t) addSample(run, t);   // the run ends here, show it
                break;
            }
            if (isAtRest()) {
                run.endReason = "at rest";
                addSample(run, t);
                break;
            }
            const double h = std::min({options_.maxStep, nextSample - t, scene_.endTime - t});
            const double next = advance(t, h);
            const bool progressed = next - t > 2.0 * options_.eventTimeTol || run.impacts.size() != impactsBefore;
            stalled = progressed ? 0 : stalled + 1;
            if (stalled > kMaxStalledSteps) {
                run.warnings.push_back("a contact at t = " + formatNumber(t) +
                                       " s neither separates nor approaches (resting on a rod's side is not "
                                       "modelled); run stopped");
                run.endReason = "stalled";
                addSample(run, t);
                break;
            }
            t = next;
            if (!resolveRestingContacts(t, run)) {
                addSample(run, t);
                break;
            }
        }
        run.endTime = std::min(run.samples.back().time, scene_.endTime);
        addPlanarChannels(run);
        return run;
    }

private:
    // Flight by h: closed form for free bodies, RK4 for pinned ones.
    PlanarState fly(const PlanarState& s, double h) const {
        PlanarState r = s;
        const Vec2 g = system_.gravity;
        for (int i = 0; i < static_cast<int>(system_.bodies.size()); ++i) {
            const int k = system_.getFirstDof(i);
            if (!system_.bodies[i].pinned) {
                r.q.segment<2>(k) += s.qdot.segment<2>(k) * h + 0.5 * g * h * h;
                r.qdot.segment<2>(k) += g * h;
                r.q(k + 2) += s.qdot(k + 2) * h;
                continue;
            }
            const int n = std::max(1, static_cast<int>(std::ceil(h / options_.maxStep)));
            const double dt = h / n;
            double th = s.q(k), w = s.qdot(k);
            auto acc = [&](double x) { return system_.calcPinnedAngularAcceleration(i, x); };
            for (int j = 0; j < n; ++j) {
                const double k1t = w, k1w = acc(th);
                const double k2t = w + 0.5 * dt * k1w, k2w = acc(th + 0.5 * dt * k1t);
                const double k3t = w + 0.5 * dt * k2w, k3w = acc(th + 0.5 * dt * k2t);
                const double k4t = w + dt * k3w, k4w = acc(th + dt * k3t);
                th += dt / 6.0 * (k1t + 2 * k2t + 2 * k3t + k4t);
                w += dt / 6.0 * (k1w + 2 * k2w + 2 * k3w + k4w);
            }
            r.q(k) = th;
            r.qdot(k) = w;
        }
        return r;
    }

    double calcNormalVelocity(const PlanarState& s, const PlanarGap& g) const {
        return calcContactVelocity(system_, s, g.contact).y();
    }

    // Touching: within contactGap, or within what the bisection leaves at this
    // approach speed (eventTimeTol |v_n|), or inside.
    bool isTouching(const PlanarContactCandidate& c, const PlanarGap& g, double vn) const {
        if (c.isTwoSided() && !g.inRange) return false;
        return g.gap <= options_.contactGap + 2.0 * options_.eventTimeTol * std::abs(vn);
    }

    std::vector<PlanarTouch> findTouches(bool twoSided) const {
        std::vector<PlanarTouch> out;
        for (int i = 0; i < static_cast<int>(candidates_.size()); ++i) {
            const PlanarContactCandidate& c = candidates_[i];
            if (c.isTwoSided() != twoSided) continue;
            const PlanarGap g = calcGap(system_, state_, c);
            const double vn = calcNormalVelocity(state_, g);
            if (isTouching(c, g, vn)) out.push_back({i, g, vn});
        }
        return out;
    }

    // Advances by at most h, stopping just before (gap >= 0) the first crossing
    // that approaches faster than restSpeed (any crossing of a rod's side).
    double advance(double t, double h) {
        const PlanarState next = fly(state_, h);
        double hit = h;
        for (const PlanarContactCandidate& c : candidates_) {
            const PlanarGap g0 = calcGap(system_, state_, c);
            if (!c.isTwoSided() && g0.gap < 0.0) continue;   // already inside: resting contact
            if (calcGap(system_, next, c, g0.side).gap >= 0.0) continue;
            double lo = 0.0, hi = h;
            while (hi - lo > options_.eventTimeTol) {
                const double mid = 0.5 * (lo + hi);
                (calcGap(system_, fly(state_, mid), c, g0.side).gap < 0.0 ? hi : lo) = mid;
            }
            const PlanarState at = fly(state_, lo);
            const PlanarGap ga = calcGap(system_, at, c, g0.side);
            if (c.isTwoSided()) {
                if (ga.inRange) hit = std::min(hit, lo);
            } else if (-calcNormalVelocity(at, ga) > options_.restSpeed) {
                hit = std::min(hit, lo);
            }
        }
        state_ = hit == h ? next : fly(state_, hit);
        return t + hit;
    }

    // The problem of one contact: body level between the bodies' 3D images
    // when no pinned body takes part, contact level otherwise.
    ImpactProblem makeProblem(const PlanarContact& c, double restitution) const {
        if (const auto image = makePlanarTwoBodyContact(system_, state_, c))
            return ImpactProblem::makeBodyLevel(*image, scene_.contact.friction, restitution);
        return makePlanarImpactProblem(system_, state_, c, scene_.contact.friction, restitution);
    }

    // The result's bodies after (body level, including a moment impulse), or
    // qdot += M^-1 G^T I (contact level).
    void applyResult(const PlanarContact& c, const ImpactResult& r) {
        if (r.bodiesAfter) {
            system_.setVelocitiesFromRigidBody(state_, c.body1, r.bodiesAfter->body1);
            if (c.body2 >= 0) system_.setVelocitiesFromRigidBody(state_, c.body2, r.bodiesAfter->body2);
        } else {
            applyPlanarImpulse(system_, state_, c, r.impulse);
        }
    }

    // Resolves every impact at time t, most negative approach first, until no
    // touching contact approaches faster than restSpeed (any speed on a rod's side).
    bool resolveImpactsAt(double t, SimulationRun& run) {
        for (int n = 0; n < options_.maxImpactsPerInstant; ++n) {
            const PlanarTouch* worst = nullptr;
            std::vector<PlanarTouch> touches = findTouches(false);
            for (const PlanarTouch& tt : findTouches(true)) touches.push_back(tt);
            for (const PlanarTouch& tt : touches) {
                const double threshold =
                    candidates_[tt.candidate].isTwoSided() ? -kMinApproachSpeed : -options_.restSpeed;
                if (tt.vn < threshold && (!worst || tt.vn < worst->vn)) worst = &tt;
            }
            if (!worst) return true;
            if (static_cast<int>(run.impacts.size()) >= options_.maxImpacts) {
                run.warnings.push_back("impact limit of " + std::to_string(options_.maxImpacts) +
                                       " reached at t = " + formatNumber(t) + " s");
                run.endReason = "impact limit";
                return false;
            }
            const PlanarContactCandidate& cand = candidates_[worst->candidate];
            const PlanarContact& c = worst->gap.contact;
            ImpactEventRecord rec;
            rec.time = t;
            rec.body = c.body1;
            rec.otherBody = c.body2;
            rec.contact = cand.name;
            rec.point = toWorld3(c.point);
            rec.frame = calcWorldContactFrame(c);
            rec.kineticEnergyBefore = system_.calcKineticEnergy(state_);
            rec.potentialEnergy = system_.calcPotentialEnergy(state_);
            rec.problem = makeProblem(c, scene_.contact.restitution);
            rec.result = law_.solve(rec.problem, scene_.contact.lawOptions,
                                    options_.recordTraces ? &rec.trace : nullptr);
            if (rec.result.model.empty()) rec.result.model = law_.id;
            const std::string label = "impact " + std::to_string(run.impacts.size() + 1) + " (" + cand.name +
                                      ", t = " + formatNumber(t) + " s)";
            for (const auto& w : rec.result.warnings) run.warnings.push_back(label + ": " + w);
            if (rec.result.status != SolveStatus::Converged) {
                run.warnings.push_back(label + ": " + law_.id + " returned status " + toString(rec.result.status) +
                                       "; the impact is not applied and the run stops");
                run.endReason = "no solution";
                run.impacts.push_back(std::move(rec));
                return false;
            }
            applyResult(c, rec.result);
            rec.kineticEnergyAfter = system_.calcKineticEnergy(state_);
            run.impacts.push_back(std::move(rec));
        }
        run.warnings.push_back("more than " + std::to_string(options_.maxImpactsPerInstant) +
                               " impacts at one instant, t = " + formatNumber(t) + " s; run stopped");
        run.endReason = "impact limit";
        return false;
    }

    // Plastic Coulomb impulses at slowly approaching touching contacts (one
    // sided), then a mass-weighted position correction out of walls and bodies.
    bool resolveRestingContacts(double t, SimulationRun& run) {
        for (int sweep = 0; sweep < kRestingSweeps; ++sweep) {
            bool any = false;
            for (const PlanarTouch& tt : findTouches(false)) {
                // Re-evaluated: an earlier impulse of this sweep changed the state.
                const PlanarGap g = calcGap(system_, state_, candidates_[tt.candidate]);
                const double vn = calcNormalVelocity(state_, g);
                if (vn >= -kMinApproachSpeed || -vn > options_.restSpeed) continue;
                PoissonOptions po;
                po.path.recordTrace = false;
                const ImpactResult r = solvePoisson(makeProblem(g.contact, 0.0), po, nullptr);
                if (r.status != SolveStatus::Converged) {
                    run.warnings.push_back("resting contact " + candidates_[tt.candidate].name + " at t = " + formatNumber(t) +
                                           " s has no plastic solution (" + toString(r.status) + "); run stopped");
                    run.endReason = "no solution";
                    return false;
                }
                applyResult(g.contact, r);
                ++run.restingImpulses;
                any = true;
            }
            if (!any) break;
        }
        for (int it = 0; it < kPositionCorrectionIterations; ++it) {
            for (const PlanarContactCandidate& c : candidates_) {
                if (c.isTwoSided()) continue;
                const PlanarGap g = calcGap(system_, state_, c);
                if (g.gap >= 0.0) continue;
                const Eigen::RowVectorXd Gn = calcContactKinematics(system_, state_, g.contact).G.row(1);
                const double wn = Gn * Minv_ * Gn.transpose();
                state_.q += Minv_ * Gn.transpose() * (-g.gap / wn);
            }
        }
        return true;
    }

    bool isAtRest() const {
        double mass = 0.0;
        for (const PlanarBody& b : system_.bodies) mass += b.mass;
        if (system_.calcKineticEnergy(state_) > options_.restSpecificEnergy * mass) return false;
        std::vector<bool> touching(system_.bodies.size(), false);
        for (const PlanarTouch& tt : findTouches(false)) {
            touching[candidates_[tt.candidate].body1] = true;
            if (candidates_[tt.candidate].body2 >= 0) touching[candidates_[tt.candidate].body2] = true;
        }
        return std::all_of(touching.begin(), touching.end(), [](bool b) { return b; });
    }

    // A sample at the time of the last one replaces it (the state after the
    // impacts at that instant), so sample times stay strictly increasing.
    void addSample(SimulationRun& run, double t) {
        if (!run.samples.empty() && run.samples.back().time >= t) {
            run.samples.pop_back();
            sampleStates_.pop_back();
        }
        RunSample s;
        s.time = t;
        for (int i = 0; i < static_cast<int>(system_.bodies.size()); ++i) {
            const RigidBody b = system_.makeRigidBody(state_, i);
            s.bodies.push_back({b.position, b.orientation, b.velocity, b.angularVelocity});
        }
        s.kineticEnergy = system_.calcKineticEnergy(state_);
        s.potentialEnergy = system_.calcPotentialEnergy(state_);
        run.samples.push_back(std::move(s));
        sampleStates_.push_back(state_);
    }

    // Per body "<name>.<quantity>": x, y (m, centre of mass), theta (rad), vx, vy
    // (m/s), omega (rad/s); rods: left_end_y, right_end_y (m, heights of the ends
    // at -L/2 and +L/2, Fig. 3.2 (d)); pinned bodies: swing_angle (rad, theta of
    // Fig. 2.6). Then kinetic_energy, potential_energy and energy (J).
    void addPlanarChannels(SimulationRun& run) const {
        for (int i = 0; i < static_cast<int>(system_.bodies.size()); ++i) {
            const PlanarBody& b = system_.bodies[i];
            auto add = [&](const std::string& q, const std::string& unit, auto get) {
                RunChannel& c = addChannel(run, b.name + "." + q, unit);
                for (const PlanarState& s : sampleStates_) c.values.push_back(get(s, system_.calcPose(s, i)));
            };
            add("x", "m", [](const PlanarState&, const PlanarPose& p) { return p.position.x(); });
            add("y", "m", [](const PlanarState&, const PlanarPose& p) { return p.position.y(); });
            add("theta", "rad", [](const PlanarState&, const PlanarPose& p) { return p.theta; });
            add("vx", "m/s", [](const PlanarState&, const PlanarPose& p) { return p.velocity.x(); });
            add("vy", "m/s", [](const PlanarState&, const PlanarPose& p) { return p.velocity.y(); });
            add("omega", "rad/s", [](const PlanarState&, const PlanarPose& p) { return p.omega; });
            if (b.geometry.kind == PlanarGeometry::Kind::Rod) {
                add("left_end_y", "m",
                    [&](const PlanarState&, const PlanarPose& p) { return p.calcWorldPoint(b.calcRodEnd(0)).y(); });
                add("right_end_y", "m",
                    [&](const PlanarState&, const PlanarPose& p) { return p.calcWorldPoint(b.calcRodEnd(1)).y(); });
            }
            if (b.pinned)
                add("swing_angle", "rad",
                    [&](const PlanarState& s, const PlanarPose&) { return system_.calcSwingAngle(s, i); });
        }
        RunChannel& kinetic = addChannel(run, "kinetic_energy", "J");
        for (const RunSample& s : run.samples) kinetic.values.push_back(s.kineticEnergy);
        RunChannel& potential = addChannel(run, "potential_energy", "J");
        for (const RunSample& s : run.samples) potential.values.push_back(s.potentialEnergy);
        RunChannel& total = addChannel(run, "energy", "J");
        for (const RunSample& s : run.samples) total.values.push_back(s.kineticEnergy + s.potentialEnergy);
    }

    const PlanarScene& scene_;
    const PlanarSystem& system_;
    SimulationOptions options_;
    const LawInfo& law_;
    std::vector<PlanarContactCandidate> candidates_;
    MatX Minv_;
    PlanarState state_;
    std::vector<PlanarState> sampleStates_;
};

}  // namespace

SimulationRun simulatePlanar(const PlanarScene& scene, const SimulationOptions& options) {
    return PlanarSimulator(scene, options).run();
}

}  // namespace impactlab
