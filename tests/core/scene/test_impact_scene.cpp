// Impact scenes: the built-in scenes load and pose their bodies on the
// contact, the Fig. 3 preset gives the published W, the bowling scene gives an
// SPD W, the analytic scenes give the reference's W, parameters edit the
// document, and malformed scenes name the field.
#include <gtest/gtest.h>

#include <Eigen/Cholesky>
#include <Eigen/Eigenvalues>
#include <filesystem>
#include <functional>

#include "impact/PainleveRod.h"
#include "impact/SixPointMassBody.h"
#include "laws/LawRegistry.h"
#include "scene/ImpactScene.h"
#include "support/SceneTestSupport.h"

namespace impactlab {
namespace { namespace IMPACTLAB_UNITY_ID {

using nlohmann::json;
using test::getFieldOf;

// Closed forms of the analytic scenes are computed in a handful of flops:
// round-off only.
constexpr double kExactTol = 1e-12;
// Numbers the reference prints to 7 significant digits.
constexpr double kPrintedTol = 1e-6;
// How far a tessellated curved body may cross its tangent plane at the contact,
// as a share of its size: the pin's 1/8 in profile steps sag ~2e-5 of its
// length; ten times that would be visible, so 1e-4.
constexpr double kFacetSagShare = 1e-4;

// rad: the tilt follows the pin's outline at the contact height, whose slope differs from the paper's 1 / 3.15435 by ~0.009.
constexpr double kTiltTol = 0.02;

std::string scenePath(const std::string& name) { return std::string(IMPACTLAB_SCENES_DIR) + "/" + name; }

json readDocument(const std::string& name) { return loadImpactScene(scenePath(name)).document; }

std::string getFieldOfEdit(const std::string& scene, const std::function<void(json&)>& edit) {
    json doc = readDocument(scene);
    edit(doc);
    return getFieldOf([&] { parseImpactScene(doc); });
}

Vec3 toWorld(const ImpactSceneBody& b, const Vec3& meshPoint) { return b.meshRotation * meshPoint + b.meshTranslation; }

TEST(ImpactScene, BuiltInScenesLoadAndTouch) {
    int count = 0;
    for (const auto& entry : std::filesystem::directory_iterator(IMPACTLAB_SCENES_DIR)) {
        const std::string file = entry.path().filename().string();
        if (file.rfind("impact-", 0) != 0 || entry.path().extension() != ".json") continue;
        const ImpactScene s = loadImpactScene(entry.path().string());
        // Model scenes (a "system", not two posed solids) have their own test below.
        if (s.document.contains("system")) continue;
        ++count;
        EXPECT_FALSE(s.parameters.empty()) << file << ": every built-in scene has sliders";
        const Vec3 n = s.contact.frame.n();
        for (int i = 0; i < 2; ++i) {
            const ImpactSceneBody& b = s.bodies[i];
            EXPECT_FALSE(geometry::findMeshDefect(b.mesh).has_value()) << file << " body " << i;
            // The contact feature sits on c, facing the other body.
            EXPECT_LT((toWorld(b, b.feature.point) - s.contact.point).norm(), kExactTol) << file << " body " << i;
            const Vec3 outward = b.meshRotation * b.feature.normal;
            EXPECT_LT((outward - (i == 0 ? Vec3(-n) : n)).norm(), kExactTol) << file << " body " << i;
            // Body 1 lies on the +n side, body 2 on the -n side, of the tangent
            // plane. A faceted curved surface may cross it by a facet's sag: the
            // feature normal is the smooth one, the facets beside it turn away
            // from it by up to half a facet's angle (~1e-5 m on the pin).
            double size = 0.0;
            for (const Vec3& v : b.mesh.vertices) size = std::max(size, (v - b.feature.point).norm());
            const double sag = kFacetSagShare * size;
            for (const Vec3& v : b.mesh.vertices) {
                const double side = n.dot(toWorld(b, v) - s.contact.point);
                if (i == 0) EXPECT_GT(side, -sag) << file;
                else EXPECT_LT(side, sag) << file;
            }
        }
        Eigen::LLT<Mat3> llt(s.problem.W);
        EXPECT_EQ(llt.info(), Eigen::Success) << file;
        EXPECT_LT(s.problem.vMinus.z(), 0.0) << file;
    }
    EXPECT_EQ(count, 6);   // with the printed-W pin-ball and the two-minima contact
}

// The maximum-dissipation model scenes (Preclik, Eibl & Ruede secs. 4.1, 4.2):
// the problem is the core model's, the drawn contact features touch at the
// drawn contact point facing each other, and the sliders move the model.
TEST(ImpactScene, ModelScenesCarryTheirModelsProblem) {
    const ImpactScene academic = loadImpactScene(scenePath("impact-mdp-academic.json"));
    SixPointMassParams ap;
    ap.literalPaperFrame = true;   // the scene's default reproduces Table 1
    const SixPointMassProblem am = makeSixPointMassProblem(ap);
    EXPECT_LT((academic.problem.W - am.problem.W).cwiseAbs().maxCoeff(), kExactTol);
    EXPECT_LT((academic.problem.vMinus - am.problem.vMinus).norm(), kExactTol);
    EXPECT_DOUBLE_EQ(academic.problem.friction, 3.7);
    EXPECT_EQ(academic.law, "max-dissipation");

    const ImpactScene rod = loadImpactScene(scenePath("impact-painleve-rod.json"));
    PainleveRodParams rp;
    rp.mu = 2.0;
    const PainleveRodProblem rm = makePainleveRod(rp);
    EXPECT_LT((rod.problem.W - rm.problem.W).cwiseAbs().maxCoeff(), kExactTol);
    EXPECT_NEAR(rod.problem.vMinus.z(), 0.0, kExactTol);   // grazing
    ASSERT_FALSE(rod.notes.empty());
    EXPECT_NE(rod.notes.front().find("mu*(theta0) = 1.667"), std::string::npos) << rod.notes.front();

    for (const ImpactScene* s : {&academic, &rod}) {
        const Vec3 n = s->contact.frame.n();
        for (int i = 0; i < 2; ++i) {
            const ImpactSceneBody& b = s->bodies[i];
            EXPECT_FALSE(geometry::findMeshDefect(b.mesh).has_value()) << s->name << " body " << i;
            EXPECT_LT((toWorld(b, b.feature.point) - s->contact.point).norm(), kExactTol) << s->name << " body " << i;
            EXPECT_LT((b.meshRotation * b.feature.normal - (i == 0 ? Vec3(-n) : n)).norm(), kExactTol) << s->name;
        }
    }
    // The drawn rod stands on the plane: no vertex below it (the drawing's up is z).
    for (const Vec3& v : rod.bodies[0].mesh.vertices) EXPECT_GT(toWorld(rod.bodies[0], v).z(), -kExactTol);

    // Sliders: the tilt of the rod moves mu*, the frame switch leaves Table 1.
    const ImpactScene steeper = withParameter(rod, "theta0", std::atan(2.0));
    EXPECT_NE(steeper.notes.front().find("mu*(theta0) = 1.333"), std::string::npos) << steeper.notes.front();
    const ImpactScene unit = withChoice(academic, "frame", "orthonormal");
    EXPECT_TRUE(unit.problem.bodies.has_value());
    EXPECT_GT((unit.problem.W - academic.problem.W).cwiseAbs().maxCoeff(), 1e-3);
}

TEST(ImpactScene, ModelScenesNameTheirBadFields) {
    const std::string rod = "impact-painleve-rod.json", academic = "impact-mdp-academic.json";
    EXPECT_EQ(getFieldOfEdit(rod, [](json& d) { d["system"]["theta0"] = 2.0; }), "system.theta0");
    EXPECT_EQ(getFieldOfEdit(rod, [](json& d) { d["system"]["type"] = "pendulum"; }), "system.type");
    EXPECT_EQ(getFieldOfEdit(rod, [](json& d) { d["system"]["spin"] = 1.0; }), "system.spin");
    EXPECT_EQ(getFieldOfEdit(academic, [](json& d) { d["system"]["mx"] = -1.0; }), "system.mx");
    EXPECT_EQ(getFieldOfEdit(academic, [](json& d) { d["contact"]["friction"] = -0.1; }), "contact.friction");
    EXPECT_EQ(getFieldOfEdit(academic, [](json& d) { d["system"]["frame"] = "skewed"; }), "system.frame");
    EXPECT_EQ(getFieldOfEdit(academic, [](json& d) { d["system"]["normal"] = json::array({1.0, 0.0, 0.0}); }),
              "system.normal");
}

TEST(ImpactScene, IcosahedronPresetGivesThePublishedW) {
    const ImpactScene s = loadImpactScene(scenePath("impact-icosahedron-tetrahedron.json"));
    ASSERT_TRUE(s.preset.has_value());
    // W of eq. (13), printed slightly asymmetric, symmetrised.
    Mat3 W13;
    W13 << 11.5984, -0.910367, 2.44236, -0.910367, 9.90134, 1.95747, 2.44235, 1.95746, 2.59042;
    EXPECT_LT((s.problem.W - 0.5 * (W13 + W13.transpose())).cwiseAbs().maxCoeff(), kExactTol);
    // At the scene's own velocities v^- is the inverse-consistent value (A2.2).
    EXPECT_LT((s.problem.vMinus - Vec3(-0.2619763, 0.3863287, -0.0768555)).norm(), kExactTol);
    EXPECT_FALSE(s.problem.bodies.has_value()) << "W is not the drawn bodies': the problem is contact level";
    EXPECT_DOUBLE_EQ(s.problem.friction, 0.8);
    EXPECT_DOUBLE_EQ(s.problem.restitution, 0.95);

    // The drawn bodies are Fig. 3's: o1 and o2 as printed, and their kinematics
    // with the world spins of A2.2 give the v^- derived there from (14).
    EXPECT_LT((s.bodies[0].body.position - Vec3(0, 0, 0.232744)).norm(), kPrintedTol);
    EXPECT_LT((s.bodies[1].body.position - Vec3(0.125, 0.125, -0.4375)).norm(), kExactTol);
    EXPECT_LT((s.contact.calcContactRelativeVelocity() - Vec3(-0.2619767, 0.3863308, -0.0771747)).norm(), 2e-7);
    // The contact frame is the paper's world frame.
    EXPECT_LT((s.contact.frame.axes - Mat3::Identity()).norm(), kExactTol);
}

TEST(ImpactScene, ScenesSolveToThePublishedImpulses) {
    // End to end with the committed Stronge + Coulomb law (the model of Jia &
    // Wang sec. 2.2): the Fig. 3 preset returns eq. (15), the ball on the
    // half-space reference A2.1's stick case. The law integrates to ~1e-9
    // relative; (15) is printed to 6 digits, so 1e-6 N s.
    const LawInfo& law = getLaw("stronge");
    const ImpactScene ico = loadImpactScene(scenePath("impact-icosahedron-tetrahedron.json"));
    const ImpactResult r = law.solve(ico.problem, json::object(), nullptr);
    EXPECT_LT((r.impulse - Vec3(-0.00326657, -0.0592263, 0.1007)).norm(), 1e-6);
    const ImpactScene half = loadImpactScene(scenePath("impact-ball-on-half-space.json"));
    EXPECT_LT((law.solve(half.problem, json::object(), nullptr).impulse - Vec3(-0.2857143, 0.0, 1.5)).norm(), 1e-6);
    // mu = 0.1 slides throughout: -mu I_zr gamma^ (A2.1).
    const ImpactScene slide = withParameter(half, "friction", 0.1);
    EXPECT_LT((law.solve(slide.problem, json::object(), nullptr).impulse - Vec3(-0.15, 0.0, 1.5)).norm(), 1e-6);
}

TEST(ImpactScene, PresetVelocitySlidersShiftVMinusLikeThePaper) {
    // Fig. 4(b): V1z = 0.2 instead of 0.95 moves v_n by -0.75 (reference A2.4).
    const ImpactScene s = loadImpactScene(scenePath("impact-icosahedron-tetrahedron.json"));
    const ImpactScene b = withParameter(s, "v1z", 0.2);
    EXPECT_LT((b.problem.vMinus - Vec3(-0.2619763, 0.3863287, -0.8268555)).norm(), kExactTol);
    // A spin shifts it by w x r1, r1 = c - o1 = (0, 0, -0.232744).
    const ImpactScene w = withParameter(s, "w1z", -0.1471578 + 0.5);
    EXPECT_LT((w.problem.vMinus - s.problem.vMinus).norm(), kExactTol) << "a spin about the normal through o1 moves nothing at c";
    const ImpactScene wx = withParameter(s, "w1x", 0.0910474 + 0.1);
    EXPECT_LT((wx.problem.vMinus - s.problem.vMinus - Vec3(0.0, 0.1 * 0.2327438, 0.0)).norm(), 1e-7);
}

TEST(ImpactScene, BowlingSceneGivesAnSpdW) {
    const ImpactScene s = loadImpactScene(scenePath("impact-bowling-pin-ball.json"));
    ASSERT_FALSE(s.preset.has_value());
    ASSERT_TRUE(s.problem.bodies.has_value());
    const Mat3& W = s.problem.W;
    EXPECT_LT((W - W.transpose()).cwiseAbs().maxCoeff(), kExactTol * W.cwiseAbs().maxCoeff());
    Eigen::SelfAdjointEigenSolver<Mat3> eig(W);
    EXPECT_GT(eig.eigenvalues().minCoeff(), 0.0);
    // Lemma 1: W - (1/m1 + 1/m2) U = -S is positive semidefinite, and definite
    // here since o1, o2 and c are not collinear.
    const double invMassSum = 1.0 / 1.63293 + 1.0 / 6.35029;
    EXPECT_GT(eig.eigenvalues().minCoeff(), invMassSum);
    // The paper's configuration in the large: the pin's centre near the printed
    // o1 (our uniform USBC pin is a stand-in for theirs), the ball's near o2, and
    // the coupling W13 negative as printed (-0.360808).
    EXPECT_LT((s.bodies[0].body.position - Vec3(0.068436, -0.00000242, 0.073735)).norm(), 0.005);
    EXPECT_LT((s.bodies[1].body.position - Vec3(-0.000061, -0.000890, -0.108458)).norm(), 1e-5);
    EXPECT_LT(W(0, 2), 0.0);
    EXPECT_LT(s.problem.vMinus.z(), 0.0);
    // The pin's tilt follows its outline at the contact height: close to the
    // paper's tan^-1(3.15435) about y.
    const Vec3 axis = s.bodies[0].meshRotation * Vec3::UnitZ();
    EXPECT_NEAR(std::atan2(axis.x(), axis.z()), std::atan(3.15435), kTiltTol);
    EXPECT_NEAR(axis.y(), 0.0, kExactTol);
}

TEST(ImpactScene, AnalyticScenesGiveTheReferenceW) {
    // Jia & Wang Fig. 2 with m = 1: ball on half-space W = diag(7, 7, 2) / 2,
    // ball on ball W = diag(7, 7, 2) (reference A2.1).
    const ImpactScene h = loadImpactScene(scenePath("impact-ball-on-half-space.json"));
    EXPECT_LT((h.problem.W - Vec3(3.5, 3.5, 1.0).asDiagonal().toDenseMatrix()).cwiseAbs().maxCoeff(), kExactTol);
    EXPECT_LT((h.problem.vMinus - Vec3(1.0, 0.0, -1.0)).norm(), kExactTol);
    EXPECT_TRUE(h.bodies[1].body.fixed);

    const ImpactScene b = loadImpactScene(scenePath("impact-ball-on-ball.json"));
    EXPECT_LT((b.problem.W - Vec3(7.0, 7.0, 2.0).asDiagonal().toDenseMatrix()).cwiseAbs().maxCoeff(), kExactTol);
    // Tilting the normal keeps the impact central (same W) and turns the world
    // velocity into the new frame.
    const ImpactScene t = withParameter(b, "normal_tilt", 0.4);
    EXPECT_LT((t.problem.W - b.problem.W).cwiseAbs().maxCoeff(), kExactTol);
    EXPECT_NEAR(t.problem.vMinus.norm(), b.problem.vMinus.norm(), kExactTol);
    EXPECT_NEAR(t.problem.vMinus.z(), 0.5 * std::sin(0.4) - std::cos(0.4), kExactTol);
    EXPECT_LT((t.contact.point - Vec3::Zero()).norm(), kExactTol);
}

TEST(ImpactScene, ParametersEditTheDocument) {
    const ImpactScene s = loadImpactScene(scenePath("impact-ball-on-half-space.json"));
    const SceneParameter* mu = s.findParameter("friction");
    ASSERT_NE(mu, nullptr);
    EXPECT_DOUBLE_EQ(mu->value, 0.2);
    const ImpactScene m = withParameter(s, "friction", 0.1);
    EXPECT_DOUBLE_EQ(m.problem.friction, 0.1);
    EXPECT_DOUBLE_EQ(m.findParameter("friction")->value, 0.1);
    EXPECT_DOUBLE_EQ(withParameter(s, "friction", 99.0).problem.friction, mu->max);  // clamped
    EXPECT_EQ(withChoice(s, "law", "poisson").law, "poisson");
    EXPECT_EQ(getFieldOf([&] { withChoice(s, "law", "nonsense"); }), "parameter law");
    EXPECT_EQ(getFieldOf([&] { withParameter(s, "nope", 1.0); }), "parameter nope");
    // Moving the ball away from the half-space is an error naming the bodies.
    EXPECT_EQ(getFieldOf([&] { withParameter(s, "vz", 0.0); }), "bodies");
}

TEST(ImpactScene, ErrorsNameTheField) {
    const std::string ico = "impact-icosahedron-tetrahedron.json";
    const std::string pin = "impact-bowling-pin-ball.json";
    const std::string half = "impact-ball-on-half-space.json";
    EXPECT_EQ(getFieldOfEdit(ico, [](json& d) { d.erase("format"); }), "format");
    // The unified format names the kind; a scene of another kind is refused by kind.
    EXPECT_EQ(getFieldOfEdit(ico, [](json& d) { d["format"] = "impactlab.problem/1"; }), "format");
    EXPECT_EQ(getFieldOfEdit(ico, [](json& d) { d["kind"] = "spatial"; }), "kind");
    EXPECT_EQ(getFieldOfEdit(ico, [](json& d) { d.erase("kind"); }), "kind");
    EXPECT_EQ(getFieldOfEdit(ico, [](json& d) { d["colour"] = 1; }), "colour");
    EXPECT_EQ(getFieldOfEdit(ico, [](json& d) { d["bodies"][0]["mesh"]["edge"] = -0.1; }), "bodies[0].mesh.edge");
    EXPECT_EQ(getFieldOfEdit(ico, [](json& d) { d["bodies"][0]["mesh"]["builder"] = "dodecahedron"; }), "bodies[0].mesh.builder");
    EXPECT_EQ(getFieldOfEdit(ico, [](json& d) { d["bodies"][1]["colour"] = json::array({1, 0, 0}); }), "bodies[1].colour");
    EXPECT_EQ(getFieldOfEdit(ico, [](json& d) { d["bodies"][1]["mesh"]["vertices"][3] = json::array({0.5, 0.5, 0}); }),
              "no error");  // still a tetrahedron
    EXPECT_EQ(getFieldOfEdit(ico, [](json& d) {
                  d["bodies"][1]["mesh"]["vertices"] = json::parse("[[0,0,0],[1,0,0],[0,1,0],[1,1,0]]");
              }),
              "bodies[1].mesh.vertices");
    EXPECT_EQ(getFieldOfEdit(ico, [](json& d) { d["bodies"][1]["mass"] = -2; }), "bodies[1].mass");
    EXPECT_EQ(getFieldOfEdit(ico, [](json& d) { d["bodies"][1]["contact_feature"]["index"] = 4; }),
              "bodies[1].contact_feature.index");
    EXPECT_EQ(getFieldOfEdit(ico, [](json& d) { d["bodies"][1]["contact_feature"]["type"] = "pentagon"; }),
              "bodies[1].contact_feature.type");
    EXPECT_EQ(getFieldOfEdit(ico, [](json& d) { d["preset"]["W"][0][0] = -1.0; }), "preset.W");
    EXPECT_EQ(getFieldOfEdit(ico, [](json& d) { d["preset"]["W"][0][1] = 5.0; }), "preset.W");
    EXPECT_EQ(getFieldOfEdit(ico, [](json& d) { d["preset"]["v_minus"][2] = 0.1; }), "preset.v_minus");
    EXPECT_EQ(getFieldOfEdit(ico, [](json& d) { d["preset"]["velocities"] = json::array(); }), "preset.velocities");
    EXPECT_EQ(getFieldOfEdit(ico, [](json& d) { d["contact"]["friction"] = -0.5; }), "contact.friction");
    EXPECT_EQ(getFieldOfEdit(ico, [](json& d) { d["contact"]["restitution"] = 1.5; }), "contact.restitution");
    EXPECT_EQ(getFieldOfEdit(ico, [](json& d) { d["contact"]["law"] = "magic"; }), "contact.law");
    EXPECT_EQ(getFieldOfEdit(ico, [](json& d) { d["parameters"][0]["target"] = "/contact/nothing"; }), "parameters[0].target");
    EXPECT_EQ(getFieldOfEdit(ico, [](json& d) { d["parameters"][1]["id"] = "friction"; }), "parameters[1].id");
    EXPECT_EQ(getFieldOfEdit(pin, [](json& d) { d["bodies"][0]["contact_feature"]["height"] = 0.5; }),
              "bodies[0].contact_feature.height");
    EXPECT_EQ(getFieldOfEdit(pin, [](json& d) { 
                  d["bodies"][1]["mesh"]["holes"] = json::parse(R"([{"bottom_centre": [0.03, 0.07, 0], "axis": [0, 1, 0], "radius": 0}])");
              }),
              "bodies[1].mesh.holes[0].radius");
    EXPECT_EQ(getFieldOfEdit(pin, [](json& d) { d["bodies"][1]["contact_feature"].erase("direction"); }),
              "bodies[1].contact_feature.direction");
    EXPECT_EQ(getFieldOfEdit(half, [](json& d) { d["bodies"][1]["mass"] = 1.0; }), "bodies[1].mass");
    EXPECT_EQ(getFieldOfEdit(half, [](json& d) { d["bodies"][1]["fixed"] = false; }), "bodies[1].fixed");
    EXPECT_EQ(getFieldOfEdit(half, [](json& d) { d["bodies"][0]["velocity"] = json::array({0, 0, 1}); }), "bodies");
    EXPECT_EQ(getFieldOfEdit(half, [](json& d) { d["bodies"].erase(1); }), "bodies");
    EXPECT_EQ(getFieldOfEdit(half, [](json& d) { d["bodies"][0].erase("contact_feature"); }), "bodies[0].contact_feature");
    EXPECT_EQ(getFieldOf([] { loadImpactScene("/nonexistent/scene.json"); }), "/nonexistent/scene.json");
}

}}  // namespace
}  // namespace impactlab
