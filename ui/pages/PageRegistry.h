#pragma once
// Which page shows which kind of scene document: the one place a kind of
// scene meets the window. Adding a kind is a page class and one entry in
// getPageTypes(); MainWindow creates pages from this table on first use and
// never branches on kinds.
#include <QString>
#include <functional>
#include <vector>

#include "scene/SceneDocument.h"

namespace impactlab::ui {

class ScenePage;

struct PageType {
    QString id;                                  // "simulation", "impact", ...
    std::vector<SceneDocumentKind> kinds;        // the documents it shows
    std::function<ScenePage*()> make;
};

const std::vector<PageType>& getPageTypes();
// The page type of `kind`; nullptr for a kind no page shows yet.
const PageType* findPageType(SceneDocumentKind kind);

}  // namespace impactlab::ui
