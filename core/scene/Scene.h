#pragma once
// The scene model: bodies with shapes and initial state, the ground, the
// contact law and its coefficients, and the named parameters the UI turns into
// sliders. Scenes are data (scenes/*.json); see docs/scene-format.md.
//
// Three simulated kinds, one type each, all holding the shared `Scene` (what
// the renderer draws and the pages edit):
//  - SpatialScene ("kind": "spatial", the default): 3D bodies over a ground
//    plane (readSpatialScene, here);
//  - PlanarScene ("kind": "planar"): a system of Cataldo & Sampaio (a bar, a
//    pendulum on a moving surface, a ball between two walls, two free bodies)
//    in generalized coordinates (readPlanarScene, PlanarSceneReader.h); its
//    reader also fills `bodies` (their 3D images at the initial state, with rod
//    or sphere shapes), `planes` and `pivots`, so anything that draws a spatial
//    scene draws it too. Planar (x, y) is world (x, 0, y)
//    (mechanics/planar/PlanarSystem.h);
//  - VehicleScene ("kind": "vehicles"): a Kudlich-Slibar collision with its
//    approach and run-out (readVehicleScene, VehicleSceneReader.h).
// SimulatedScene holds any of the three, for callers that take a document of
// any simulated kind (readSimulatedScene).
//
// A parameter names a place in the scene document by a JSON pointer
// ("/bodies/0/position/2"); setting it rewrites that value and the scene is
// read again, so every parameter gets the same validation as the file.
#include <nlohmann/json.hpp>
#include <string>
#include <variant>
#include <vector>

#include "io/JsonInput.h"
#include "mechanics/RigidBody.h"
#include "mechanics/planar/PlanarSystem.h"
#include "scene/SceneDocument.h"
#include "vehicle/RunOut.h"
#include "vehicle/VehicleCollision.h"

namespace impactlab {

struct Shape {
    enum class Type { Sphere, Box, Rod };
    Type type = Type::Sphere;
    double radius = 0.1;                       // m (sphere)
    Vec3 halfExtents = Vec3::Constant(0.1);    // m (box; a rod's bounding box, so it can be drawn as one)
    double length = 1.0;                       // m (rod: along the body x axis, centred)
    double thickness = 0.02;                   // m (rod: drawn diameter; contacts use its axis)
};

struct SceneBody {
    std::string name;
    Shape shape;
    RigidBody body;                      // initial state
    Vec3 color = Vec3(0.85, 0.25, 0.2);  // RGB in [0, 1]
};

struct SceneParameter {
    enum class Kind { Number, Choice };
    std::string id;
    std::string label;
    std::string unit;          // SI unit of the stored value ("m", "rad", "1/s", "")
    std::string target;        // JSON pointer into the scene document
    std::string help;
    // The panel's heading for the row; empty: derived from the target
    // ("Contact" for /contact/..., the law's options for
    // /contact/options/<law>/..., else "Scene"), see getParameterGroup.
    std::string group;
    // Paper and equation the parameter comes from (the panel's tooltip);
    // empty: the law's reference for a law option, else the scene's.
    std::string reference;
    Kind kind = Kind::Number;
    double min = 0.0, max = 1.0, value = 0.0, step = 0.0;  // Number (step 0: continuous)
    // Number: applied at every position while the slider is dragged (true),
    // or once on release, for a parameter whose every change costs seconds
    // (a granular scene's particle count rebuilds the whole pile).
    bool live = true;
    std::vector<std::string> choices;                       // Choice
    std::string choice;                                     // Choice: current
};

struct ContactSettings {
    std::string law = "stronge";
    // The options `law` is solved with: contact.options itself, or its member
    // named by the law when contact.options is keyed by law id.
    nlohmann::json lawOptions = nlohmann::json::object();
    double friction = 0.3;      // Coulomb mu >= 0
    double restitution = 0.8;   // 0 <= e <= 1, meaning per law
};

// A surface bodies can hit, for drawing: the ground of a spatial scene, the
// walls and the moving surface of a planar one. World frame.
struct ScenePlane {
    std::string name;
    Vec3 point = Vec3::Zero();       // m, on the plane
    Vec3 normal = Vec3::UnitZ();     // unit, towards the free side
    Vec3 velocity = Vec3::Zero();    // m/s, sliding along the plane (a moving surface)
    double size = 0.0;               // m, half-size to draw; 0: the renderer's choice
};

// A two-vehicle (or vehicle-barrier) collision (Kudlich-Slibar), its approach
// and the run-out of each vehicle to rest (core/vehicle, docs/vehicles.md).
struct VehicleSetup {
    VehicleCollisionInput collision;   // vehicles at the instant of impact
    RunOutOptions runOut;
    double approachTime = 1.0;         // s shown before the impact, at constant velocity
    double height = 1.4;               // m, drawn height of the vehicle boxes
};

// The planar system of a planar scene, in generalized coordinates.
struct PlanarSetup {
    std::string type;                  // "bar", "pendulum", "ball-between-walls", "two-bodies"
    PlanarSystem system;               // bodies in the order of Scene::bodies
    PlanarState initial;
    std::vector<std::string> fields;   // per body, its JSON path ("system.body"), for errors
};

// A string drawn from a point fixed to `parent` (world when -1; in its body
// axes otherwise) to a point of `body` (body axes): the strings of a cradle
// or a chain of balls (scene/SceneJoints.h). Drawing only: the joint holds.
struct SceneString {
    int body = 0;
    int parent = -1;
    Vec3 parentPoint = Vec3::Zero();
    Vec3 bodyPoint = Vec3::Zero();
};

// A joint of a spatial scene (docs/scene-format.md, "Joints"), at the pose
// the bodies are given in; the simulation holds it (mechanics/Multibody.h).
struct SceneJoint {
    enum class Type { Revolute, Spherical, Weld };
    Type type = Type::Revolute;
    int body = 0;
    int parent = -1;                 // body index, -1: the world
    Vec3 point = Vec3::Zero();       // m, world: the pin, the string's anchor
    Vec3 axis = Vec3::UnitY();       // unit, world: the pin's axis (the pull-back axis of a ball joint)
    double angle = 0.0;              // rad, turned about the axis from the pose given
    bool string = false;             // "string": drawn as a string from the point to the body
};

struct Scene {
    std::string name;
    std::string description;
    std::string reference;              // the paper, sections and figures the scene reproduces
    Vec3 gravity = Vec3(0, 0, -9.81);   // m/s^2, z up (a planar scene's gravity mapped to 3D)
    double groundHeight = 0.0;          // m (planar: the height of the floor wall, else 0)
    double endTime = 3.0;               // s
    double sampleInterval = 1.0 / 240;  // s, spacing of the recorded samples
    ContactSettings contact;
    std::vector<SceneBody> bodies;
    std::vector<SceneParameter> parameters;
    std::vector<ScenePlane> planes;     // every surface the bodies can hit
    std::vector<Vec3> pivots;           // world points pinned bodies turn about (planar; joints to the world)
    std::vector<SceneString> strings;   // strings to draw (spatial scenes with string joints)
    nlohmann::json document;            // the source, for parameter edits and saving

    const SceneParameter* findParameter(const std::string& id) const;
};

// One type per simulated kind: the shared part and the kind's own, with the
// kind as a constant of the type (the document's "kind").
struct SpatialScene : Scene {
    static constexpr SceneKind kKind = SceneKind::Spatial;
    // Joints (scene/SceneJoints.h): a body without one flies free. Walls are
    // planes the bodies meet besides the ground (also in `planes`, to draw).
    std::vector<SceneJoint> joints;
    std::vector<ScenePlane> walls;
    // With joints: the bodies as the document gives them (the pose the joints'
    // points and axes refer to); `bodies` then holds them turned by the
    // joints' angles, the initial state.
    std::vector<RigidBody> referenceBodies;
    bool isJointed() const { return !joints.empty() || !walls.empty(); }
};

struct PlanarScene : Scene {
    static constexpr SceneKind kKind = SceneKind::Planar;
    PlanarSetup planar;
};

struct VehicleScene : Scene {
    static constexpr SceneKind kKind = SceneKind::Vehicles;
    VehicleSetup vehicles;
};

using SimulatedScene = std::variant<SpatialScene, PlanarScene, VehicleScene>;

// The shared part of any simulated scene, and its kind.
const Scene& getScene(const SimulatedScene& scene);
Scene& getScene(SimulatedScene& scene);
// Not of a temporary: the reference would outlive it.
const Scene& getScene(SimulatedScene&& scene) = delete;
SceneKind getSceneKind(const SimulatedScene& scene);

// Reads a spatial scene from its JSON document. Throws InputError naming the
// field ("bodies[0].mass") for anything malformed or out of range, and
// InputError("kind") for a document of another kind.
SpatialScene readSpatialScene(const nlohmann::json& document);
// Reads a document of any simulated kind, by its "kind"; InputError("kind")
// for a scene of another kind (impact, plus, granular).
SimulatedScene readSimulatedScene(const nlohmann::json& document);
// Reads a scene file of any simulated kind; InputError("<path>") when
// unreadable or not JSON.
SimulatedScene loadSimulatedScene(const std::string& path);

// The part every simulated kind's reader shares (name, texts, times, contact),
// after checking that `document` is a scene of `kind`. Each kind's reader adds
// its own part, then the parameters (parseSceneParameters).
Scene readSharedScene(const nlohmann::json& document, SceneKind kind);

// A copy of `scene` with a numeric parameter set (clamped to its range) or a
// choice parameter set (must be one of its choices), read again by its kind's
// reader. Throws InputError.
SpatialScene withParameter(const SpatialScene& scene, const std::string& id, double value);
PlanarScene withParameter(const PlanarScene& scene, const std::string& id, double value);
VehicleScene withParameter(const VehicleScene& scene, const std::string& id, double value);
SimulatedScene withParameter(const SimulatedScene& scene, const std::string& id, double value);
SpatialScene withChoice(const SpatialScene& scene, const std::string& id, const std::string& choice);
PlanarScene withChoice(const PlanarScene& scene, const std::string& id, const std::string& choice);
VehicleScene withChoice(const VehicleScene& scene, const std::string& id, const std::string& choice);
SimulatedScene withChoice(const SimulatedScene& scene, const std::string& id, const std::string& choice);

// The options `law` is solved with, from a contact's "options" in either form
// (docs/scene-format.md): keyed by law id, its entry ({} when it has none);
// flat, the options of the scene's own law `sceneLaw`, so any other law gets
// {}. Throws InputError("contact.options...") for a malformed object or an
// unknown law key.
nlohmann::json getContactLawOptions(const nlohmann::json& options, const std::string& law, const std::string& sceneLaw);

// The laws a document compares with its own law ("compare": [law ids], the
// app's comparison; optional). Throws InputError("compare[1]") for an entry
// that is not a registered law id.
std::vector<std::string> readComparedLaws(const nlohmann::json& document);
// Sets "compare" to `laws`, or removes it when `laws` is empty.
void writeComparedLaws(nlohmann::json& document, const std::vector<std::string>& laws);

// The law whose options a parameter sets (its target is
// /contact/options/<law>/...), or empty for a parameter of every law.
std::string getParameterLaw(const SceneParameter& parameter);
// The panel heading of a parameter: its own group, else "Contact" for the
// contact's law and coefficients, "<law> options" for a law option, "Scene"
// for everything else.
std::string getParameterGroup(const SceneParameter& parameter);

struct MeasurementSeries;   // scene/SceneMeasurements.h

// Shared by every scene format (scenes, impact scenes):
// reads the optional "parameters" array of `document`; ids must be unique and
// every target must name a value of the document. The document's overlay
// and measurements are checked against them; the measurements are kept in
// `*measurements` when given.
std::vector<SceneParameter> parseSceneParameters(const nlohmann::json& document,
                                                 std::vector<MeasurementSeries>* measurements = nullptr);
// `document` with parameter `id` of `parameters` set: a number clamped to its
// range, or one of a choice's options. Throws InputError.
nlohmann::json setParameterInDocument(const std::vector<SceneParameter>& parameters, const nlohmann::json& document,
                                      const std::string& id, double value);
nlohmann::json setChoiceInDocument(const std::vector<SceneParameter>& parameters, const nlohmann::json& document,
                                   const std::string& id, const std::string& choice);

}  // namespace impactlab
