#pragma once
// A toss experiment as a scene (docs/scene-format.md, "tosses"): a file of
// measured tosses and the box's body file (docs/experiment-format.md), the
// toss on show, and the law with its coefficients that every toss is
// simulated with. The document names the files; reading them is the caller's
// (the CLI reads the disk, the app its resources too), so this reader checks
// only the document.
//
//   {"format": "impactlab.scene/1", "kind": "tosses", "name": ...,
//    "tosses": {"file": "data/cube-tosses/tosses.csv",
//               "body": "data/cube-tosses/body.json", "toss": 0},
//    "contact": {"law": "plus", "friction": 0.17, "restitution": 0.4,
//                "options": {...}},
//    "compare": ["stronge", ...], "parameters": [...]}
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "scene/Scene.h"

namespace impactlab {

struct TossScene {
    std::string name;
    std::string description;
    std::string reference;
    std::string tossesFile;   // as resolved by resolveSceneFilePaths (else as written)
    std::string bodyFile;
    int toss = 0;             // the toss on show: its place in the file, 0 first
    ContactSettings contact;  // law, friction, restitution, the law's options
    std::vector<std::string> compare;
    std::vector<SceneParameter> parameters;
    nlohmann::json document;

    const SceneParameter* findParameter(const std::string& id) const;
};

// Throws InputError naming the field ("tosses.file", "contact.friction").
TossScene parseTossScene(const nlohmann::json& document);
TossScene withParameter(const TossScene& scene, const std::string& id, double value);
TossScene withChoice(const TossScene& scene, const std::string& id, const std::string& choice);

// The data files a scene names, relative to the scene file's folder, made
// into paths that hold wherever the document goes: `document` with each
// relative path of its "tosses" block prefixed by `sceneFolder` (a folder on
// disk, or a Qt resource folder ":/scenes"). Absolute paths and documents of
// other kinds are returned unchanged.
nlohmann::json resolveSceneFilePaths(nlohmann::json document, const std::string& sceneFolder);

}  // namespace impactlab
