#include "scene/PlusScene.h"
#include "scene/SceneMeasurements.h"
#include "scene/SceneOverlay.h"
#include "scene/SceneDocument.h"

#include "io/JsonInput.h"
#include "laws/PlusLaw.h"
#include "mechanics/InputLimits.h"

namespace impactlab {

namespace {

using nlohmann::json;

// Admissible ranges of the scene's own numbers (beyond the solvers' limits).
constexpr int kMaxCradleBalls = 50;            // a row the views can still label
constexpr double kMaxStiffness = 1e12;          // Pa: diamond is ~1e12
constexpr double kMinStiffness = 1e6;           // Pa: below, the "rigid" impact lasts too long to compare
constexpr double kMaxDissipation = 10.0;        // s/m: Hunt-Crossley c; the paper uses <= 0.26
constexpr double kMaxImpactSpeed = 1e3;               // m/s: an impact, not a ballistic study
constexpr double kMinBallRadius = 1e-3, kMaxBallRadius = 10.0;   // m
constexpr double kMinBallMass = 1e-3, kMaxBallMass = 1e3;        // kg

struct PaperCase {
    const char* id;
    double friction;
    double eMin;
};
// Reference B.2.2: Example 1's three friction cases with their e_min.
constexpr PaperCase kBrickCases[] = {{"0.125", 0.125, 0.392}, {"0.225", 0.225, 0.387}, {"0.325", 0.325, 0.373}};

const PaperCase* findCase(const std::string& id) {
    for (const PaperCase& c : kBrickCases)
        if (id == c.id) return &c;
    return nullptr;
}

// readOptionalVec3 with every component of a given vector within +-bound.
Vec3 readVec3Or(const json& obj, const char* key, const std::string& field, const Vec3& fallback, double bound) {
    if (!findMember(obj, key)) return fallback;
    const Vec3 v = readOptionalVec3(obj, key, field, fallback);
    if (v.cwiseAbs().maxCoeff() > bound)
        throw InputError(joinField(field, key), "components must be within +-" + std::to_string(bound));
    return v;
}

void readBrick(const json& e, PlusScene& s, bool fourVertices) {
    PlusBrickParams& b = s.brick;
    if (fourVertices) {
        rejectUnknownKeys(e, {"type", "friction", "e_min", "velocity", "angular_velocity"}, "example");
        b = PlusBrickParams{"custom", 0.2, 0.414, 0.0, 0.0, Vec3(-2.0, 0.0, -8.84), Vec3::Zero()};
    } else {
        rejectUnknownKeys(e, {"type", "case", "friction", "e_min", "rotation_x", "rotation_y", "velocity",
                              "angular_velocity"},
                          "example");
        b.paperCase = readOptionalString(e, "case", "example.case", "0.325");
        if (b.paperCase != "custom" && !findCase(b.paperCase))
            throw InputError("example.case", "must be \"0.125\", \"0.225\", \"0.325\" or \"custom\"");
        b.rotationX = readOptionalNumberInRange(e, "rotation_x", "example", b.rotationX, -M_PI, M_PI);
        b.rotationY = readOptionalNumberInRange(e, "rotation_y", "example", b.rotationY, -M_PI, M_PI);
    }
    b.friction = readOptionalNumberInRange(e, "friction", "example", b.friction, 0.0, limits::kMaxFriction);
    b.eMin = readOptionalNumberInRange(e, "e_min", "example", b.eMin, 0.0, 1.0);
    if (const PaperCase* c = findCase(b.paperCase)) {
        b.friction = c->friction;
        b.eMin = c->eMin;
    }
    b.velocity = readVec3Or(e, "velocity", "example", b.velocity, kMaxImpactSpeed);
    b.angularVelocity = readVec3Or(e, "angular_velocity", "example", b.angularVelocity, kMaxImpactSpeed);
}

void readCradle(const json& e, PlusScene& s) {
    rejectUnknownKeys(e, {"type", "balls", "restitution", "striker_speed", "radius", "mass"}, "example");
    PlusCradleParams& c = s.cradle;
    if (e.contains("balls")) c.balls = static_cast<int>(readInteger(e["balls"], "example.balls", 2, kMaxCradleBalls));
    c.restitution = readOptionalNumberInRange(e, "restitution", "example", c.restitution, 0.0, 1.0);
    c.strikerSpeed = readOptionalNumberInRange(e, "striker_speed", "example", c.strikerSpeed, 0.0, kMaxImpactSpeed);
    if (!(c.strikerSpeed > 0.0)) throw InputError("example.striker_speed", "must be > 0 (the striker approaches)");
    c.radius = readOptionalNumberInRange(e, "radius", "example", c.radius, kMinBallRadius, kMaxBallRadius);
    c.mass = readOptionalNumberInRange(e, "mass", "example", c.mass, kMinBallMass, kMaxBallMass);
}

void readPendulum(const json& e, PlusScene& s) {
    rejectUnknownKeys(e, {"type", "pose", "release_theta", "release_rates", "release_angles", "theta1", "theta2",
                          "rates", "friction", "restitution"},
                      "example");
    PlusPendulumParams& p = s.pendulum;
    const std::string pose = readOptionalString(e, "pose", "example.pose", "release");
    if (pose != "release" && pose != "impact") throw InputError("example.pose", "must be \"release\" or \"impact\"");
    p.fromRelease = pose == "release";
    const std::string angles = readOptionalString(e, "release_angles", "example.release_angles", "absolute");
    if (angles != "absolute" && angles != "relative")
        throw InputError("example.release_angles", "must be \"absolute\" or \"relative\"");
    p.releaseRelative = angles == "relative";
    p.releaseTheta = readVec3Or(e, "release_theta", "example", p.releaseTheta, M_PI);
    p.releaseRates = readVec3Or(e, "release_rates", "example", p.releaseRates, kMaxImpactSpeed);
    p.theta1 = readOptionalNumberInRange(e, "theta1", "example", p.theta1, -M_PI, M_PI);
    p.theta2 = readOptionalNumberInRange(e, "theta2", "example", p.theta2, -M_PI, M_PI);
    p.rates = readVec3Or(e, "rates", "example", p.rates, kMaxImpactSpeed);
    p.friction = readOptionalNumberInRange(e, "friction", "example", p.friction, 0.0, limits::kMaxFriction);
    p.restitution = readOptionalNumberInRange(e, "restitution", "example", p.restitution, 0.0, 1.0);
}

void readCompliant(const json& doc, PlusScene& s) {
    PlusCompliantParams& c = s.compliant;
    c.dissipation = s.example == PlusExample::BrickOnVertex         ? 0.26
                    : s.example == PlusExample::BrickOnFourVertices ? 0.15
                                                                    : 0.0;
    const auto it = doc.find("compliant");
    if (it == doc.end()) return;
    requireObject(*it, "compliant");
    rejectUnknownKeys(*it, {"enabled", "stiffness", "dissipation"}, "compliant");
    if (it->contains("enabled")) c.enabled = readBool((*it)["enabled"], "compliant.enabled");
    c.stiffness = readOptionalNumberInRange(*it, "stiffness", "compliant", c.stiffness, kMinStiffness, kMaxStiffness);
    c.dissipation = readOptionalNumberInRange(*it, "dissipation", "compliant", c.dissipation, 0.0, kMaxDissipation);
}

}  // namespace

namespace {
// Joint angles (each link from the one before it) summed into absolute ones;
// rates likewise, the derivative of the same sums.
Vec3 accumulateJointAngles(const Vec3& joint) { return Vec3(joint.x(), joint.x() + joint.y(), joint.x() + joint.y() + joint.z()); }
}  // namespace

Vec3 PlusPendulumParams::calcAbsoluteReleaseTheta() const {
    return releaseRelative ? accumulateJointAngles(releaseTheta) : releaseTheta;
}

Vec3 PlusPendulumParams::calcAbsoluteReleaseRates() const {
    return releaseRelative ? accumulateJointAngles(releaseRates) : releaseRates;
}

const char* toString(PlusExample example) {
    switch (example) {
        case PlusExample::BrickOnVertex: return "brick-on-vertex";
        case PlusExample::BrickOnFourVertices: return "brick-on-four-vertices";
        case PlusExample::NewtonsCradle: return "newtons-cradle";
        case PlusExample::TriplePendulum: return "triple-pendulum";
    }
    return "?";
}

const SceneParameter* PlusScene::findParameter(const std::string& id) const {
    for (const SceneParameter& p : parameters)
        if (p.id == id) return &p;
    return nullptr;
}

bool isPlusSceneDocument(const json& document) { return isSceneDocumentOfKind(document, SceneKind::Plus); }

PlusScene parsePlusScene(const json& doc) {
    requireObject(doc, "");
    rejectUnknownKeys(doc, {"format", "kind", "name", "description", "reference", "guide", "example", "plus", "compliant", "parameters", kOverlayKey, kMeasurementsKey}, "");
    requireSceneKind(doc, SceneKind::Plus);
    PlusScene s;
    s.name = readString(getMember(doc, "name", ""), "name");
    s.description = readOptionalString(doc, "description", "description", "");
    s.reference = readOptionalString(doc, "reference", "reference", "");
    readOptionalString(doc, "guide", "guide", "");
    const json& e = getMember(doc, "example", "");
    requireObject(e, "example");
    const std::string type = readString(getMember(e, "type", "example"), "example.type");
    if (type == "brick-on-vertex") {
        s.example = PlusExample::BrickOnVertex;
        readBrick(e, s, false);
    } else if (type == "brick-on-four-vertices") {
        s.example = PlusExample::BrickOnFourVertices;
        readBrick(e, s, true);
    } else if (type == "newtons-cradle") {
        s.example = PlusExample::NewtonsCradle;
        readCradle(e, s);
    } else if (type == "triple-pendulum") {
        s.example = PlusExample::TriplePendulum;
        readPendulum(e, s);
    } else {
        throw InputError("example.type",
                         "must be \"brick-on-vertex\", \"brick-on-four-vertices\", \"newtons-cradle\" or "
                         "\"triple-pendulum\"");
    }
    if (const auto it = doc.find("plus"); it != doc.end()) {
        readPlusOptions(*it);   // validates; fields named "plus.<option>"
        s.plusOptions = *it;
    }
    readCompliant(doc, s);
    s.parameters = parseSceneParameters(doc);
    s.document = doc;
    return s;
}

PlusScene loadPlusScene(const std::string& path) { return parsePlusScene(readJsonFile(path)); }

PlusScene withParameter(const PlusScene& scene, const std::string& id, double value) {
    return parsePlusScene(setParameterInDocument(scene.parameters, scene.document, id, value));
}

PlusScene withChoice(const PlusScene& scene, const std::string& id, const std::string& choice) {
    return parsePlusScene(setChoiceInDocument(scene.parameters, scene.document, id, choice));
}

}  // namespace impactlab
