#include "scene/SceneDocument.h"

#include "io/JsonInput.h"

namespace impactlab {

namespace {

using nlohmann::json;

// Format ids of the scene files written before the formats were unified, and
// the kind each stands for.
struct LegacyFormat {
    const char* format;
    SceneKind kind;
};
constexpr LegacyFormat kLegacyFormats[] = {
    {"impactlab.impact-scene/1", SceneKind::Impact},
    {"impactlab.plus-scene/1", SceneKind::Plus},
};

std::string listKinds() {
    std::string out;
    for (SceneKind k : listSceneKinds()) out += std::string(out.empty() ? "" : ", ") + "\"" + toString(k) + "\"";
    return out;
}

}  // namespace

const char* toString(SceneKind kind) {
    switch (kind) {
        case SceneKind::Spatial: return "spatial";
        case SceneKind::Planar: return "planar";
        case SceneKind::Vehicles: return "vehicles";
        case SceneKind::Impact: return "impact";
        case SceneKind::Plus: return "plus";
        case SceneKind::Granular: return "granular";
        case SceneKind::Tosses: return "tosses";
    }
    return "spatial";
}

const std::vector<SceneKind>& listSceneKinds() {
    static const std::vector<SceneKind> kinds = {
        SceneKind::Spatial, SceneKind::Planar, SceneKind::Vehicles,
        SceneKind::Impact,  SceneKind::Plus,   SceneKind::Granular, SceneKind::Tosses};
    return kinds;
}

SceneKind getSceneKind(const json& document) {
    if (!document.is_object()) throw InputError("scene", "must be a JSON object");
    const auto format = document.find("format");
    if (format == document.end()) throw InputError("format", std::string("missing: expected \"") + kSceneFormat + "\"");
    if (!format->is_string()) throw InputError("format", std::string("must be the string \"") + kSceneFormat + "\"");
    const std::string& id = format->get_ref<const std::string&>();
    for (const LegacyFormat& legacy : kLegacyFormats)
        if (id == legacy.format) return legacy.kind;
    if (id != kSceneFormat) throw InputError("format", std::string("must be \"") + kSceneFormat + "\", got \"" + id + "\"");
    const auto kind = document.find("kind");
    if (kind == document.end()) return SceneKind::Spatial;
    if (kind->is_string())
        for (SceneKind k : listSceneKinds())
            if (kind->get_ref<const std::string&>() == toString(k)) return k;
    throw InputError("kind", "must be one of " + listKinds());
}

bool isSceneDocumentOfKind(const json& document, SceneKind kind) {
    try {
        return getSceneKind(document) == kind;
    } catch (const InputError&) {
        return false;
    }
}

json toUnifiedSceneDocument(json document) {
    if (!document.is_object()) return document;
    const auto format = document.find("format");
    if (format == document.end() || !format->is_string()) return document;
    for (const LegacyFormat& legacy : kLegacyFormats) {
        if (format->get_ref<const std::string&>() != legacy.format) continue;
        json unified = json::object();
        unified["format"] = kSceneFormat;
        unified["kind"] = toString(legacy.kind);
        for (auto it = document.begin(); it != document.end(); ++it)
            if (it.key() != "format" && it.key() != "kind") unified[it.key()] = it.value();
        return unified;
    }
    return document;
}

void requireSceneKind(const json& document, SceneKind kind) {
    const SceneKind actual = getSceneKind(document);
    if (actual != kind)
        throw InputError("kind", std::string("must be \"") + toString(kind) + "\" for this reader, got \"" +
                                     toString(actual) + "\"");
}

}  // namespace impactlab
