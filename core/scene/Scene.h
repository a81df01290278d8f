#pragma once
// The scene model: bodies with shapes and initial state, the ground, the
// contact law and its coefficients, and the named parameters the UI turns into
// sliders. Scenes are data (scenes/*.json); see docs/scene-format.md.
//
// A parameter names a place in the scene document by a JSON pointer
// ("/bodies/0/position/2"); setting it rewrites that value and the scene is
// read again, so every parameter gets the same validation as the file.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "mechanics/RigidBody.h"

namespace impactlab {

struct Shape {
    enum class Type { Sphere, Box };
    Type type = Type::Sphere;
    double radius = 0.1;                       // m (sphere)
    Vec3 halfExtents = Vec3::Constant(0.1);    // m (box)
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
    Kind kind = Kind::Number;
    double min = 0.0, max = 1.0, value = 0.0, step = 0.0;  // Number (step 0: continuous)
    std::vector<std::string> choices;                       // Choice
    std::string choice;                                     // Choice: current
};

struct ContactSettings {
    std::string law = "stronge";
    nlohmann::json lawOptions = nlohmann::json::object();
    double friction = 0.3;      // Coulomb mu >= 0
    double restitution = 0.8;   // 0 <= e <= 1, meaning per law
};

struct Scene {
    std::string name;
    std::string description;
    Vec3 gravity = Vec3(0, 0, -9.81);   // m/s^2, z up
    double groundHeight = 0.0;          // m
    double endTime = 3.0;               // s
    double sampleInterval = 1.0 / 240;  // s, spacing of the recorded samples
    ContactSettings contact;
    std::vector<SceneBody> bodies;
    std::vector<SceneParameter> parameters;
    nlohmann::json document;            // the source, for parameter edits and saving

    const SceneParameter* findParameter(const std::string& id) const;
};

// Reads a scene from its JSON document. Throws InputError naming the field
// ("bodies[0].mass") for anything malformed or out of range.
Scene parseScene(const nlohmann::json& document);
// Reads a scene file; InputError("<path>") when unreadable or not JSON.
Scene loadScene(const std::string& path);

// A copy of `scene` with a numeric parameter set (clamped to its range) or a
// choice parameter set (must be one of its choices). Throws InputError.
Scene withParameter(const Scene& scene, const std::string& id, double value);
Scene withChoice(const Scene& scene, const std::string& id, const std::string& choice);

}  // namespace impactlab
