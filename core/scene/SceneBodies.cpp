#include "scene/SceneBodies.h"

#include <algorithm>
#include <limits>

#include "mechanics/InputLimits.h"
#include "mechanics/Types.h"
#include "scene/Scene.h"
#include "scene/SceneDocument.h"

namespace impactlab {

using nlohmann::json;

namespace {

const char* const kBodiesField = "bodies";
// A parameter target inside the bodies array starts with this.
const std::string kBodiesPointer = "/bodies/";

// "/bodies/<i>/..." -> i; -1 for a target elsewhere.
int getTargetBody(const std::string& target) {
    if (target.rfind(kBodiesPointer, 0) != 0) return -1;
    const std::size_t end = target.find('/', kBodiesPointer.size());
    const std::string digits = target.substr(kBodiesPointer.size(),
                                             end == std::string::npos ? std::string::npos : end - kBodiesPointer.size());
    if (digits.empty() || !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; })) return -1;
    if (digits.size() > 9) return -1;   // beyond any array the readers accept
    return std::stoi(digits);
}

std::string retargetBody(const std::string& target, int body) {
    const std::size_t end = target.find('/', kBodiesPointer.size());
    return kBodiesPointer + std::to_string(body) + (end == std::string::npos ? std::string() : target.substr(end));
}

// The radius of the sphere about a body's centre that holds it.
double calcBoundingRadius(const Shape& s) {
    return s.type == Shape::Type::Sphere ? s.radius : s.halfExtents.norm();
}

}  // namespace

bool canEditSceneBodies(const json& document) {
    if (!isSceneDocumentOfKind(document, SceneKind::Spatial)) return false;
    // Joints name bodies by index, and an assembly makes its own: adding or
    // removing one would leave the joints holding other bodies.
    if (document.contains("joints") || document.contains("assembly")) return false;
    const auto it = document.find(kBodiesField);
    return it != document.end() && it->is_array() && !it->empty();
}

json addSceneBody(const json& document) {
    if (!canEditSceneBodies(document))
        throw InputError(kBodiesField, "bodies can be added to spatial scenes with at least one body only");
    // The reader validates every body first: nothing is placed from a malformed one.
    const SpatialScene scene = readSpatialScene(document);
    if (scene.bodies.size() >= limits::kMaxArrayLength)
        throw InputError(kBodiesField, "the scene already has the most bodies a scene may hold");
    const SceneBody& model = scene.bodies.back();
    const double radius = calcBoundingRadius(model.shape);
    double farthest = -std::numeric_limits<double>::infinity();
    for (const SceneBody& b : scene.bodies)
        farthest = std::max(farthest, b.body.position.x() + calcBoundingRadius(b.shape));

    json out = document;
    json body = document[kBodiesField].back();
    const Vec3 p = model.body.position;
    body["position"] = {farthest + kAddedBodyClearance + radius, p.y(), p.z()};
    body["name"] = (body.contains("name") && body["name"].is_string() ? body["name"].get<std::string>()
                                                                       : "body " + std::to_string(scene.bodies.size() - 1)) +
                   " copy";
    out[kBodiesField].push_back(std::move(body));
    readSpatialScene(out);   // the new document must read back (limits on positions, names)
    return out;
}

json removeSceneBody(const json& document, int index) {
    if (!canEditSceneBodies(document))
        throw InputError(kBodiesField, "bodies can be removed from spatial scenes only");
    const int count = static_cast<int>(document[kBodiesField].size());
    const std::string field = std::string(kBodiesField) + "[" + std::to_string(index) + "]";
    if (index < 0 || index >= count) throw InputError(field, "no such body: the scene has " + std::to_string(count));
    if (count == 1) throw InputError(field, "a scene keeps at least one body");

    json out = document;
    out[kBodiesField].erase(static_cast<std::size_t>(index));
    if (const auto params = out.find("parameters"); params != out.end() && params->is_array()) {
        json kept = json::array();
        for (json p : *params) {
            const auto target = p.find("target");
            const int body = target != p.end() && target->is_string() ? getTargetBody(target->get<std::string>()) : -1;
            if (body == index) continue;   // it moved the removed body
            if (body > index) p["target"] = retargetBody(p["target"].get<std::string>(), body - 1);
            kept.push_back(std::move(p));
        }
        *params = std::move(kept);
    }
    readSpatialScene(out);
    return out;
}

std::vector<std::string> listSceneBodyNames(const json& document) {
    std::vector<std::string> names;
    const auto it = document.find(kBodiesField);
    if (it == document.end() || !it->is_array()) return names;
    for (std::size_t i = 0; i < it->size(); ++i) {
        const json& b = (*it)[i];
        const auto name = b.is_object() ? b.find("name") : b.end();
        names.push_back(b.is_object() && name != b.end() && name->is_string() ? name->get<std::string>()
                                                                               : "body " + std::to_string(i));
    }
    return names;
}

}  // namespace impactlab
