#include "scene/ImpactSystemScene.h"
#include "scene/SceneMeasurements.h"
#include "scene/SceneOverlay.h"
#include "mechanics/Rotation.h"
#include "scene/SceneDocument.h"

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>

#include "geometry/Polyhedra.h"
#include "geometry/Sphere.h"
#include "io/JsonInput.h"
#include "impact/PainleveRod.h"
#include "impact/SixPointMassBody.h"
#include "laws/LawRegistry.h"
#include "mechanics/NumberText.h"

namespace impactlab {

namespace {

using nlohmann::json;

// Drawing proportions (no physics depends on them). Point masses are spheres
// whose volume follows their mass, the heaviest a share of the shortest arm so
// neighbours never overlap, the lightest never below a share of it so they stay
// visible; rods and the plane patch scale with the arms.
constexpr double kPointMassRadiusShare = 0.4;      // of the shortest arm, for the heaviest mass
constexpr double kMinPointMassRadiusRatio = 0.3;   // of the heaviest mass's radius
constexpr double kRodThicknessShare = 0.05;        // of the shortest arm
constexpr double kPlanePatchShare = 0.45;          // half-width of the plane patch, of the longest arm
constexpr double kSlenderRodAspect = 30.0;         // Painleve rod: length over thickness
constexpr double kRodPlaneShare = 0.9;             // plane half-width, of the rod length
constexpr int kPointMassSlices = 32;
constexpr int kPointMassStacks = 16;

// A builder's InputError("theta0", ...) as the scene's "system.theta0"; its
// friction "mu" is the scene's "contact.friction".
[[noreturn]] void rethrowUnder(const InputError& e, const std::string& parent) {
    const std::string what = e.what();
    const std::size_t skip = e.field().size() + 2;
    const std::string reason = what.size() >= skip ? what.substr(skip) : what;
    throw InputError(e.field() == "mu" ? std::string("contact.friction") : joinField(parent, e.field()), reason);
}

ImpactSceneBody makeFixedPlane(double halfSize, const Mat3& rotation, const Vec3& point, const RigidBody& body) {
    ImpactSceneBody plane;
    plane.name = "plane";
    plane.builder = "half-space";
    plane.mesh = geometry::makeHalfSpaceSlab(halfSize).mesh;
    plane.meshRotation = rotation;
    plane.meshTranslation = point;
    plane.feature = {Vec3::Zero(), Vec3::UnitZ()};   // the slab's top face centre
    plane.body = body;
    plane.color = Vec3(0.72, 0.72, 0.7);
    return plane;
}

// Six spheres on three rods through the centre (the paper's Fig. 6).
geometry::TriangleMesh makePointMassMesh(const SixPointMassParams& p) {
    const Vec3 arms(p.dx, p.dy, p.dz), masses(p.mx, p.my, p.mz);
    const double shortest = arms.minCoeff(), heaviest = masses.maxCoeff();
    const double rMax = kPointMassRadiusShare * shortest;
    geometry::TriangleMesh mesh;
    for (int axis = 0; axis < 3; ++axis) {
        Vec3 size = Vec3::Constant(kRodThicknessShare * shortest);
        size[axis] = 2.0 * arms[axis];
        geometry::appendMesh(mesh, geometry::makeBox(size).mesh);
        const double r = rMax * std::max(kMinPointMassRadiusRatio, std::cbrt(masses[axis] / heaviest));
        const geometry::TriangleMesh sphere = geometry::makeSphere(r, kPointMassSlices, kPointMassStacks).mesh;
        for (double side : {1.0, -1.0})
            geometry::appendMesh(mesh, geometry::transformMesh(sphere, Mat3::Identity(), side * arms[axis] * Vec3::Unit(axis)));
    }
    return mesh;
}

void readSixPointMass(const json& sys, double friction, ImpactScene& s) {
    const std::string field = "system";
    rejectUnknownKeys(sys, {"type", "dx", "dy", "dz", "mx", "my", "mz", "normal", "contact_velocity",
                            "frame"}, field);
    SixPointMassParams p;
    p.dx = readOptionalNumber(sys, "dx", field, p.dx);
    p.dy = readOptionalNumber(sys, "dy", field, p.dy);
    p.dz = readOptionalNumber(sys, "dz", field, p.dz);
    p.mx = readOptionalNumber(sys, "mx", field, p.mx);
    p.my = readOptionalNumber(sys, "my", field, p.my);
    p.mz = readOptionalNumber(sys, "mz", field, p.mz);
    p.normal = readOptionalVec3(sys, "normal", field, p.normal);
    p.contactVelocity = readOptionalVec3(sys, "contact_velocity", field, p.contactVelocity);
    if (const auto it = sys.find("frame"); it != sys.end()) {
        const std::string frame = readString(*it, joinField(field, "frame"));
        if (frame != "orthonormal" && frame != "paper-literal")
            throw InputError(joinField(field, "frame"), "must be \"orthonormal\" or \"paper-literal\", got \"" + frame + "\"");
        p.literalPaperFrame = frame == "paper-literal";
    }
    p.mu = friction;
    SixPointMassProblem model;
    try {
        model = makeSixPointMassProblem(p);
    } catch (const InputError& e) {
        rethrowUnder(e, field);
    }
    s.problem = model.problem;
    s.contact = model.contact;

    ImpactSceneBody& body = s.bodies[0];
    body.name = "six point masses";
    body.builder = "point-masses";
    body.mesh = makePointMassMesh(p);
    body.feature = {model.contact.point, -model.Q.col(0)};   // mesh frame = world: the +x mass
    body.body = model.contact.body1;
    body.color = Vec3(0.85, 0.45, 0.2);
    const double longest = Vec3(p.dx, p.dy, p.dz).maxCoeff();
    const Vec3 n = model.Q.col(0);
    s.bodies[1] = makeFixedPlane(kPlanePatchShare * longest,
                                 calcRotationTaking(Vec3::UnitZ(), n),
                                 model.contact.point, model.contact.body2);
    if (p.literalPaperFrame)
        s.notes.push_back("Paper's literal frame: t = n x e_x and o = n x t are not normalised (|t| = " +
                          formatNumber(model.Q.col(1).norm(), 4) + "), as Table 1 needs; impulses are in that frame.");
}

void readPainleveRod(const json& sys, double friction, ImpactScene& s) {
    const std::string field = "system";
    rejectUnknownKeys(sys, {"type", "theta0", "v0", "mass", "length"}, field);
    PainleveRodParams p;
    p.theta0 = readOptionalNumber(sys, "theta0", field, p.theta0);
    p.v0 = readOptionalNumber(sys, "v0", field, p.v0);
    p.mass = readOptionalNumber(sys, "mass", field, p.mass);
    p.length = readOptionalNumber(sys, "length", field, p.length);
    p.mu = friction;
    PainleveRodProblem model;
    try {
        model = makePainleveRod(p);
    } catch (const InputError& e) {
        rethrowUnder(e, field);
    }
    s.problem = model.problem;

    // The paper's world has the plane's normal along y; the drawing turns it
    // to z (x stays): (x, y, z) -> (x, -z, y).
    Mat3 toDrawing;
    toDrawing << 1.0, 0.0, 0.0, 0.0, 0.0, -1.0, 0.0, 1.0, 0.0;
    s.contact = model.contact;
    s.contact.point = toDrawing * model.contact.point;
    s.contact.frame.axes = toDrawing * model.contact.frame.axes;

    ImpactSceneBody& rod = s.bodies[0];
    rod.name = "rod";
    rod.builder = "box";
    const double thickness = p.length / kSlenderRodAspect;
    rod.mesh = geometry::makeBox(Vec3(p.length, thickness, thickness)).mesh;
    // The drawn rod rests on the lower edge of its tip (the box's corner
    // (-l/2, -w/2) in its x-y section), so it stands on the plane rather than in it.
    const Vec3 corner(-0.5 * p.length, -0.5 * thickness, 0.0);
    const Mat3 paperRotation = Eigen::AngleAxisd(p.theta0, Vec3::UnitZ()).toRotationMatrix();
    rod.feature = {corner, paperRotation.transpose() * Vec3(0.0, -1.0, 0.0)};
    rod.meshRotation = toDrawing * paperRotation;
    rod.meshTranslation = toDrawing * (model.contact.point - paperRotation * corner);
    rod.body = model.contact.body1;
    rod.color = Vec3(0.8, 0.35, 0.2);
    s.bodies[1] = makeFixedPlane(kRodPlaneShare * p.length, Mat3::Identity(), s.contact.point, model.contact.body2);

    const bool sticks = friction >= model.muStar;
    s.notes.push_back("mu*(theta0) = " + formatNumber(model.muStar, 4) + ": with mu = " + formatNumber(friction, 4) +
                      (sticks ? " >= mu*, maximum dissipation sticks with Lambda0 = (" :
                                " < mu*, maximum dissipation gives no impulse; Lambda0 = (") +
                      formatNumber(model.lambda0.x(), 4) + ", " + formatNumber(model.lambda0.y(), 4) + ", " + formatNumber(model.lambda0.z(), 4) +
                      ") N s" + (sticks ? "" : " is not admissible") + ".");
}

}  // namespace

bool isImpactSystemDocument(const json& document) { return document.is_object() && document.contains("system"); }

ImpactScene parseImpactSystemScene(const json& doc) {
    requireObject(doc, "scene");
    rejectUnknownKeys(doc, {"format", "kind", "name", "description", "reference", "guide", "compare", "system", "contact", "parameters", kOverlayKey, kMeasurementsKey}, "");
    requireSceneKind(doc, SceneKind::Impact);
    readComparedLaws(doc);
    ImpactScene s;
    s.document = doc;
    s.name = readString(getMember(doc, "name", ""), "name");
    if (const auto it = doc.find("description"); it != doc.end()) s.description = readString(*it, "description");
    if (const auto it = doc.find("reference"); it != doc.end()) s.reference = readString(*it, "reference");
    if (const auto it = doc.find("guide"); it != doc.end()) readString(*it, "guide");

    const json& contact = getMember(doc, "contact", "");
    requireObject(contact, "contact");
    rejectUnknownKeys(contact, {"law", "friction", "restitution", "options"}, "contact");
    s.law = readString(getMember(contact, "law", "contact"), "contact.law");
    getLaw(s.law, "contact.law");
    const double friction = readNumber(getMember(contact, "friction", "contact"), "contact.friction");
    if (!(friction >= 0.0)) throw InputError("contact.friction", "must be >= 0, got " + formatNumber(friction, 4));
    const double restitution = readOptionalNumber(contact, "restitution", "contact", 0.0);
    if (!(restitution >= 0.0 && restitution <= 1.0))
        throw InputError("contact.restitution", "must be in [0, 1], got " + formatNumber(restitution, 4));
    if (const auto it = contact.find("options"); it != contact.end()) s.lawOptions = getContactLawOptions(*it, s.law, s.law);

    const json& sys = getMember(doc, "system", "");
    requireObject(sys, "system");
    const std::string type = readString(getMember(sys, "type", "system"), "system.type");
    if (type == "six-point-mass")
        readSixPointMass(sys, friction, s);
    else if (type == "painleve-rod")
        readPainleveRod(sys, friction, s);
    else
        throw InputError("system.type", "must be \"six-point-mass\" or \"painleve-rod\", got \"" + type + "\"");
    s.problem.restitution = restitution;
    s.parameters = parseSceneParameters(doc);
    return s;
}

}  // namespace impactlab
