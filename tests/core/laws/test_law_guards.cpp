// Physics guards on every registered law: random valid
// problems over the ranges docs/input-limits.md admits, at contact and body
// level, checked for what every law must satisfy whatever its regime:
//   - a result in finite numbers, with status converged (or no-solution with a
//     reason); never an abandoned iteration;
//   - bodies no longer approaching (v_n+ >= 0);
//   - I_n >= 0 and the impulse inside the friction cone |I_t| <= mu I_n;
//   - v+ = v- + W I, and at body level linear momentum and each body's angular
//     momentum about the contact point unchanged by the impulse pair;
//   - energy never gained by a law that promises so, and a warning naming the
//     energy whenever any law gains it.
// The number of problems per law is IMPACTLAB_GUARD_PROBLEMS (default
// kDefaultProblemsPerLaw); the sanitizer build runs fewer.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>

#include "impact/ContactSpaceAdapter.h"
#include "impact/ContactSpaceProblem.h"
#include "impact/plus/PlusOptions.h"
#include "laws/LawRegistry.h"
#include "mechanics/InputLimits.h"

using namespace impactlab;

namespace { namespace IMPACTLAB_UNITY_ID {

using nlohmann::json;

// Problems per law (half at contact level, half at body level).
constexpr int kDefaultProblemsPerLaw = 100000;
// Relative tolerance of identities between O(1)-scaled sums (momentum, v+ = v- + W I,
// the cone, energy): round-off is ~1e-15 per operation; the path laws integrate
// thousands of steps, so 1e-8 of the problem's own scale.
constexpr double kIdentityRelTol = 1e-8;
// Post-impact normal velocity counted as still approaching, relative to |v-|.
// The path laws end compression where v_n crosses zero within their step.
constexpr double kApproachRelTol = 1e-6;
// Problem ranges: wide but inside docs/input-limits.md.
constexpr double kMinMass = 1e-2, kMaxMass = 1e3;          // kg
constexpr double kMinEdge = 1e-2, kMaxEdge = 10.0;         // m, box edges
constexpr double kMinSpeed = 1e-3, kMaxSpeed = 1e2;        // m/s
constexpr double kMinFriction = 1e-3, kMaxFrictionSampled = 1e3;
constexpr double kMaxEigenRatio = 1e6;                     // W's condition at contact level

int getProblemsPerLaw() {
    if (const char* s = std::getenv("IMPACTLAB_GUARD_PROBLEMS")) {
        const int n = std::atoi(s);
        if (n > 0) return n;
    }
    return kDefaultProblemsPerLaw;
}

// The planar laws act in the (t1, n) plane: problems with W(0,1) = W(1,2) = 0.
bool isPlanarLaw(const std::string& id) {
    for (const char* p : {"kane", "brach", "glocker-pfeiffer", "wang-mason", "smith", "cs", "kudlich-slibar"})
        if (id == p) return true;
    return false;
}

// Poisson's kinetic restitution ends the impact at I_n = (1 + e) I_nc whatever
// v_n is then: with strong tangential coupling the bodies can still approach
// (Stronge's objection to it). Those laws must say so in a warning.
bool mayEndApproaching(const std::string& id) {
    for (const char* p : {"poisson", "glocker-pfeiffer", "cs", "wang-mason", "plus"})
        if (id == p) return true;
    return false;
}

bool warnsOf(const ImpactResult& r, const std::string& what) {
    for (const auto& w : r.warnings)
        if (w.find(what) != std::string::npos) return true;
    return false;
}

class ProblemGenerator {
public:
    ProblemGenerator(unsigned seed, bool planar) : rng_(seed), planar_(planar) {}

    double uniform(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng_); }
    double logUniform(double lo, double hi) { return std::exp(uniform(std::log(lo), std::log(hi))); }
    bool pick(double p) { return uniform(0.0, 1.0) < p; }

    double friction() {
        if (pick(0.1)) return 0.0;
        return logUniform(kMinFriction, kMaxFrictionSampled);
    }
    double restitution() {
        if (pick(0.1)) return 0.0;
        if (pick(0.1)) return 1.0;
        return uniform(0.0, 1.0);
    }
    Vec3 direction() {
        for (;;) {
            Vec3 d(uniform(-1, 1), planar_ ? uniform(-1, 1) : uniform(-1, 1), planar_ ? 0.0 : uniform(-1, 1));
            if (d.norm() > 0.1 && d.norm() <= 1.0) return d.normalized();
        }
    }
    Vec3 vector(double scale) { return scale * direction() * uniform(0.0, 1.0); }

    RigidBody body() {
        RigidBody b;
        b.mass = logUniform(kMinMass, kMaxMass);
        const Vec3 e(logUniform(kMinEdge, kMaxEdge), logUniform(kMinEdge, kMaxEdge), logUniform(kMinEdge, kMaxEdge));
        b.principalInertia = b.mass / 12.0 *
                             Vec3(e.y() * e.y() + e.z() * e.z(), e.x() * e.x() + e.z() * e.z(), e.x() * e.x() + e.y() * e.y());
        if (planar_) {
            b.orientation = Quat(Eigen::AngleAxisd(uniform(-M_PI, M_PI), Vec3::UnitZ()));
        } else {
            b.orientation = Quat(uniform(-1, 1), uniform(-1, 1), uniform(-1, 1), uniform(-1, 1)).normalized();
        }
        const double size = e.maxCoeff();
        b.position = vector(size);
        const double speed = logUniform(kMinSpeed, kMaxSpeed);
        b.velocity = vector(speed);
        b.angularVelocity = planar_ ? Vec3(0, 0, uniform(-1, 1) * speed / size) : vector(speed / size);
        return b;
    }

    TwoBodyContact contact() {
        for (;;) {
            TwoBodyContact c;
            c.body1 = body();
            c.body2 = pick(0.3) ? RigidBody::makeFixed() : body();
            c.point = 0.5 * (c.body1.position + c.body2.position) + vector(0.1);
            c.frame = ContactFrame::makeFromNormal(direction());
            const Vec3 v = c.calcContactRelativeVelocity();
            if (v.z() < -1e-3 * v.norm() && v.norm() > kMinSpeed) return c;
        }
    }

    // W = R diag(l) R^T with eigenvalues spread over kMaxEigenRatio.
    Mat3 deliveryMatrix() {
        const double scale = logUniform(1.0 / kMaxMass, 1.0 / kMinMass);
        Vec3 l(scale * logUniform(1.0, kMaxEigenRatio), scale * logUniform(1.0, kMaxEigenRatio),
               scale * logUniform(1.0, kMaxEigenRatio));
        Mat3 R;
        if (planar_) {
            const double a = uniform(-M_PI, M_PI);
            R << std::cos(a), 0, -std::sin(a), 0, 1, 0, std::sin(a), 0, std::cos(a);
        } else {
            R = Quat(uniform(-1, 1), uniform(-1, 1), uniform(-1, 1), uniform(-1, 1)).normalized().toRotationMatrix();
        }
        Mat3 W = R * l.asDiagonal() * R.transpose();
        return 0.5 * (W + W.transpose());
    }

    ImpactProblem problem(bool bodyLevel) {
        const double mu = friction();
        const double e = restitution();
        if (bodyLevel) return ImpactProblem::makeBodyLevel(contact(), mu, e);
        const double speed = logUniform(kMinSpeed, kMaxSpeed);
        Vec3 v = speed * direction();
        if (planar_) v = Vec3(v.x(), 0.0, v.y());
        v.z() = -std::max(std::abs(v.z()), 1e-3 * speed);
        return ImpactProblem::makeContactLevel(deliveryMatrix(), v, mu, e);
    }

private:
    std::mt19937_64 rng_;
    bool planar_;
};

std::string describe(const ImpactProblem& p) {
    std::ostringstream s;
    s.precision(17);
    s << "W = [" << p.W.row(0) << "; " << p.W.row(1) << "; " << p.W.row(2) << "], v_minus = [" << p.vMinus.transpose()
      << "], mu = " << p.friction << ", e = " << p.restitution << (p.bodies ? " (body level)" : " (contact level)");
    return s.str();
}

bool isFiniteVec(const Vec3& v) { return v.allFinite(); }

struct Tally {
    int solved = 0, noSolution = 0, refused = 0, energyGains = 0;
};

// Checks one result; returns an empty string when every guard holds.
std::string checkResult(const LawInfo& law, const ImpactProblem& p, const ImpactResult& r, Tally& tally) {
    if (r.status == SolveStatus::IterationLimit) return "abandoned: status iteration-limit after " + std::to_string(r.steps) + " steps";
    if (r.status == SolveStatus::NoSolution) {
        if (r.warnings.empty()) return "no-solution without a reason";
        ++tally.noSolution;
        return {};
    }
    if (!isFiniteVec(r.impulse) || !isFiniteVec(r.vPlus) || !std::isfinite(r.energyBefore) ||
        !std::isfinite(r.energyAfter))
        return "non-finite result";
    const double vScale = p.vMinus.norm();
    const double iScale = std::max(r.impulse.norm(), (p.W.inverse() * p.vMinus).norm());
    // PLUS ends an impact when no contact approaches faster than its velocity
    // tolerance (an absolute m/s).
    const double approachTol = std::max(kApproachRelTol * vScale, law.id == "plus" ? PlusOptions{}.velocityTolerance : 0.0);
    if (r.vPlus.z() < -approachTol && !(mayEndApproaching(law.id) && warnsOf(r, "still approach")))
        return "still approaching: v_n+ = " + std::to_string(r.vPlus.z());
    if (r.impulse.z() < -kIdentityRelTol * iScale) return "negative normal impulse " + std::to_string(r.impulse.z());
    const double tangential = r.impulse.head<2>().norm();
    if (tangential > p.friction * r.impulse.z() + kIdentityRelTol * iScale)
        return "outside the cone: |I_t| = " + std::to_string(tangential) + " > mu I_n = " +
               std::to_string(p.friction * r.impulse.z());
    if ((r.vPlus - p.calcVelocityAfter(r.impulse)).norm() > kIdentityRelTol * (vScale + (p.W * r.impulse).norm()))
        return "v+ differs from v- + W I";
    if (r.gainsEnergy(kEnergyGainRelTol)) {
        ++tally.energyGains;
        if (!law.mayGainEnergy)
            return "energy gained by a law that promises not to: " + std::to_string(r.energyAfter - r.energyBefore) +
                   " J of " + std::to_string(r.energyBefore) + " J";
        if (!warnsOf(r, "energy")) return "energy gained without a warning";
    }
    if (p.bodies) {
        if (!r.bodiesAfter) return "body-level problem without the bodies after";
        const TwoBodyContact& a = *p.bodies;
        const TwoBodyContact& b = *r.bodiesAfter;
        const Vec3 iWorld = a.frame.toWorld(r.impulse);
        const double pScale = a.body1.mass * a.body1.velocity.norm() + iWorld.norm() +
                              (a.body2.fixed ? 0.0 : a.body2.mass * a.body2.velocity.norm());
        const Vec3 dp1 = b.body1.calcLinearMomentum() - a.body1.calcLinearMomentum();
        if ((dp1 - iWorld).norm() > kIdentityRelTol * pScale) return "body 1 momentum change differs from I";
        if (!a.body2.fixed) {
            const Vec3 dp2 = b.body2.calcLinearMomentum() - a.body2.calcLinearMomentum();
            if ((dp2 + iWorld).norm() > kIdentityRelTol * pScale) return "body 2 momentum change differs from -I";
        }
        for (int k = 0; k < 2; ++k) {
            const RigidBody& before = k == 0 ? a.body1 : a.body2;
            const RigidBody& after = k == 0 ? b.body1 : b.body2;
            if (before.fixed) continue;
            const Vec3 l0 = before.calcAngularMomentum(a.point);
            const Vec3 l1 = after.calcAngularMomentum(a.point);
            const double lScale = l0.norm() + (before.position - a.point).norm() * pScale;
            if ((l1 - l0).norm() > kIdentityRelTol * lScale)
                return "angular momentum about the contact point of body " + std::to_string(k + 1) + " changed";
        }
    }
    ++tally.solved;
    return {};
}

class LawGuards : public ::testing::TestWithParam<std::string> {};

TEST_P(LawGuards, RandomValidProblemsKeepEveryGuard) {
    const LawInfo& law = getLaw(GetParam());
    const int n = getProblemsPerLaw();
    ProblemGenerator gen(std::hash<std::string>{}(law.id), isPlanarLaw(law.id));
    Tally tally;
    int failures = 0;
    constexpr int kFailuresShown = 5;
    for (int i = 0; i < n; ++i) {
        const bool bodyLevel = i % 2 == 1;
        ImpactProblem p;
        try {
            p = gen.problem(bodyLevel);
        } catch (const InputError&) {
            continue;   // outside the admitted range (an ill-conditioned body): not a valid problem
        }
        std::string failure;
        try {
            const ImpactResult r = law.solve(p, json::object(), nullptr);
            failure = checkResult(law, p, r, tally);
        } catch (const InputError& e) {
            ++tally.refused;
            failure = std::string("valid problem refused: ") + e.what();
        } catch (const std::exception& e) {
            failure = std::string("exception: ") + e.what();
        }
        if (!failure.empty() && ++failures <= kFailuresShown)
            ADD_FAILURE() << law.id << " problem " << i << ": " << failure << "\n  " << describe(p);
    }
    EXPECT_EQ(failures, 0) << law.id << ": " << failures << " of " << n << " problems failed";
    // Most problems must be solved: no-solution is for the rare input a law cannot take.
    EXPECT_GE(tally.solved, n * 9 / 10) << law.id << ": solved " << tally.solved << ", no-solution "
                                         << tally.noSolution << ", refused " << tally.refused;
    RecordProperty("solved", tally.solved);
    RecordProperty("energy_gains", tally.energyGains);
}

std::vector<std::string> getLawIds() {
    std::vector<std::string> ids;
    for (const auto& law : getLaws()) ids.push_back(law.id);
    return ids;
}

INSTANTIATE_TEST_SUITE_P(EveryLaw, LawGuards, ::testing::ValuesIn(getLawIds()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                             std::string name = info.param;
                             for (char& c : name)
                                 if (c == '-') c = '_';
                             return name;
                         });



// Options under which a law can gain energy: the gain must be flagged.
struct OptionCase {
    std::string law;
    json options;
};

void PrintTo(const OptionCase& c, std::ostream* os) { *os << c.law << " " << c.options.dump(); }

class LawOptionGuards : public ::testing::TestWithParam<OptionCase> {};

TEST_P(LawOptionGuards, EnergyGainsAreAlwaysFlagged) {
    const OptionCase& c = GetParam();
    const LawInfo& law = getLaw(c.law);
    const int n = std::max(1, getProblemsPerLaw() / 10);
    ProblemGenerator gen(std::hash<std::string>{}(c.law + c.options.dump()), isPlanarLaw(c.law));
    int failures = 0, gains = 0, solved = 0;
    for (int i = 0; i < n; ++i) {
        ImpactProblem p;
        try {
            p = gen.problem(i % 2 == 1);
        } catch (const InputError&) {
            continue;
        }
        ImpactResult r;
        try {
            r = law.solve(p, c.options, nullptr);
        } catch (const InputError&) {
            continue;   // an option that needs body-level input (brach's e_m) on a contact-level problem
        }
        ++solved;
        if (r.status != SolveStatus::Converged || !r.gainsEnergy(kEnergyGainRelTol)) continue;
        ++gains;
        if (!warnsOf(r, "energy") && ++failures <= 3)
            ADD_FAILURE() << c.law << " " << c.options.dump() << ": energy gained without a warning\n  " << describe(p);
    }
    EXPECT_EQ(failures, 0);
    EXPECT_GE(solved, n / 3) << "most problems must be solved";
    RecordProperty("energy_gains", gains);
}

INSTANTIATE_TEST_SUITE_P(
    GainingOptions, LawOptionGuards,
    ::testing::Values(OptionCase{"kudlich-slibar", json{{"mu_bound", false}}},
                      OptionCase{"brach", json{{"impulse_ratio", 0.5}}},
                      OptionCase{"brach", json{{"e_m", 0.5}}},
                      OptionCase{"kane", json{{"mu_static", 2.0}}},
                      OptionCase{"wang-mason", json{{"termination", "newton"}}},
                      OptionCase{"glocker-pfeiffer", json{{"e_t", 1.0}, {"nu", 1.0}}},
                      OptionCase{"cs", json{{"e_t", 1.0}, {"nu", 1.0}}}),
    [](const ::testing::TestParamInfo<OptionCase>& info) {
        std::string name = info.param.law + "_" + std::to_string(info.index);
        for (char& ch : name)
            if (ch == '-') ch = '_';
        return name;
    });

TEST(LawGuards, NonFiniteResultsBecomeNoSolutionWithAReason) {
    const ImpactProblem p = ImpactProblem::makeContactLevel(Mat3::Identity(), Vec3(0.2, 0.0, -1.0), 0.3, 0.5);
    ImpactResult bad;
    bad.model = "stronge";
    bad.impulse = Vec3(0.0, 0.0, std::numeric_limits<double>::quiet_NaN());
    bad.vPlus = Vec3::Constant(std::numeric_limits<double>::infinity());
    const ImpactResult g = guardLawResult("stronge", p, bad);
    EXPECT_EQ(g.status, SolveStatus::NoSolution);
    ASSERT_FALSE(g.warnings.empty());
    EXPECT_NE(g.warnings.back().find("non-finite"), std::string::npos) << g.warnings.back();
    EXPECT_TRUE(g.impulse.isZero());
    EXPECT_TRUE(g.vPlus.isApprox(p.vMinus));
    EXPECT_DOUBLE_EQ(g.energyAfter, g.energyBefore);
}

TEST(LawGuards, UnflaggedEnergyGainGetsAWarning) {
    const ImpactProblem p = ImpactProblem::makeContactLevel(Mat3::Identity(), Vec3(0.0, 0.0, -1.0), 0.0, 1.0);
    ImpactResult r;
    r.model = "newton";
    r.impulse = Vec3(0.0, 0.0, 3.0);   // v_n+ = 2: twice the approach speed, energy x4
    r.vPlus = p.calcVelocityAfter(r.impulse);
    r.energyBefore = p.calcEnergyBefore();
    r.energyAfter = r.energyBefore + p.calcEnergyChange(r.impulse);
    r.relativeEnergyChange = p.calcRelativeEnergyChange(r.impulse);
    const ImpactResult g = guardLawResult("newton", p, r);
    EXPECT_EQ(g.status, SolveStatus::Converged);
    EXPECT_TRUE(warnsOf(g, "energy gained"));
}

// The hard cases: the planar bar with friction up to the admitted 1e3, and
// a grazing approach that needs millions of frictionless impulse scales, are
// solved (not abandoned), agree with Jia-Wang's Stronge and end separating.
TEST(LawGuards, StiffCasesAreSolvedNotAbandoned) {
    Mat3 bar;
    bar << 2.5, 0, -1.5, 0, 1, 0, -1.5, 0, 2.5;
    for (double mu : {0.4, 10.0, 1e3}) {
        const ImpactProblem p = ImpactProblem::makeContactLevel(bar, Vec3(0.6, 0, -1), mu, 0.5);
        for (const char* id : {"newton", "poisson", "stronge", "wang-mason", "jia-wang", "plus"}) {
            const ImpactResult r = getLaw(id).solve(p, json::object(), nullptr);
            EXPECT_EQ(r.status, SolveStatus::Converged) << id << " mu " << mu;
            EXPECT_GE(r.vPlus.z(), 0.0) << id << " mu " << mu;
        }
    }
    Mat3 W;
    W << 122.3972815285213, -83.222827362369657, 224.98450192939066, -83.222827362369657, 57.201477408839736,
        -153.96450064309545, 224.98450192939066, -153.96450064309545, 415.4897840066559;
    const ImpactProblem grazing = ImpactProblem::makeContactLevel(
        W, Vec3(0.018655642331308255, -0.10055615849065985, -0.00010863259148773771), 3.1473168049625713, 0.7379);
    const ImpactResult s = getLaw("stronge").solve(grazing, json::object(), nullptr);
    const ImpactResult j = getLaw("jia-wang").solve(grazing, json::object(), nullptr);
    ASSERT_EQ(s.status, SolveStatus::Converged);
    ASSERT_EQ(j.status, SolveStatus::Converged);
    // Two integrations of one path: agreement to their step tolerances.
    constexpr double kPathAgreementRelTol = 1e-6;
    EXPECT_LT((s.impulse - j.impulse).norm(), kPathAgreementRelTol * j.impulse.norm());
}



TEST(LawGuards, NonFiniteSeveralContactResultsBecomeNoSolution) {
    ContactParameters c;
    c.friction = 0.5;
    const Eigen::MatrixXd A = Eigen::MatrixXd::Identity(6, 6);
    Eigen::VectorXd v(6);
    v << 0.1, 0, -1, 0, 0.2, -0.5;
    const ContactSpaceProblem p = ContactSpaceProblem::makeContactLevel({c, c}, A, v);
    ContactSpaceResult bad;
    bad.model = "plus";
    bad.impulse = Eigen::VectorXd::Constant(6, std::numeric_limits<double>::quiet_NaN());
    bad.vPlus = v;
    const ContactSpaceResult g = guardContactSpaceResult(p, bad);
    EXPECT_EQ(g.status, SolveStatus::NoSolution);
    ASSERT_FALSE(g.warnings.empty());
    EXPECT_NE(g.warnings.back().find("non-finite"), std::string::npos);
    EXPECT_TRUE(g.impulse.isZero());
    EXPECT_TRUE(g.vPlus.isApprox(v));
}
}}  // namespace

